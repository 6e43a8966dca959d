// Issue 57 item 5 against a running server: the System page's reading (every process heard from lately, bids a minute
// and the ack quantiles computed from real bids, HTTP errors, jobs, the database) and the Users area's new calls (a
// search that never picks by chance, a user's lists a page at a time, "Sign out everywhere" that really ends the
// user's sessions and sockets), all refused to bidders and strangers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BidAck,
  OperatorSystem,
  OperatorUserBids,
  OperatorUserDetail,
  OperatorUserList,
  OperatorUserSessions,
  SignOutEverywhereResponse,
  type AuditLogPage,
} from "../../contract";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient } from "../support/client";
import { createAuction } from "../support/fixtures";
import { openSocket, type LiveClient } from "../support/socket";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

let server: TestServer;
let operator: TestClient;
const sockets: LiveClient[] = [];
let ip = 0;

async function signedIn(overrides: Record<string, unknown> = {}) {
  const { client, body, userId } = await bidderClient(server, `10.89.0.${++ip}`, overrides);
  return { client, body, id: userId };
}

beforeAll(async () => {
  server = await startTestServer();
  const op = await signedIn();
  await server.database.db.query("update users set role = 'operator' where id = $1", [op.id]);
  operator = op.client;
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await server?.close();
});

const system = async () => {
  const answer = await operator.get("/api/operator/system");
  expect(answer.status).toBe(200);
  return OperatorSystem.parse(answer.body);
};

describe("the operator's System and Users calls", () => {
  it("are refused to a signed-out visitor (401) and to a bidder (403), and change nothing then", async () => {
    const bidder = await signedIn();
    const stranger = new TestClient(server.url, "10.89.1.1");
    for (const path of ["/api/operator/system", `/api/operator/users/${bidder.id}/bids`, `/api/operator/users/${bidder.id}/sessions`]) {
      expect((await stranger.get(path)).status).toBe(401);
      expect((await bidder.client.get(path)).status).toBe(403);
    }
    expect((await stranger.post(`/api/operator/users/${bidder.id}/sign-out-everywhere`)).status).toBe(401);
    expect((await bidder.client.post(`/api/operator/users/${bidder.id}/sign-out-everywhere`)).status).toBe(403);
    expect((await bidder.client.get("/authn/user")).body).toMatchObject({ isAuthenticated: true });
  });

  it("shows this process with its sockets, bids a minute, the ack's p50/p99 and 4xx from real traffic, and the database", async () => {
    const anna = await signedIn();
    await postLedgerEntry(server.database.db, { userId: anna.id, type: "Payment", amountCents: 500, description: "Test top-up" });
    const socket = await openSocket(server.url, sockets, anna.client.cookieHeader);
    const before = await system();
    const self = () => before.processes.find((entry) => entry.id === before.answeredBy)!;
    expect(self()).toBeDefined();

    const auctionId = await createAuction(server.database.db, new Date(), { entryFeeCents: 0 });
    expect((await anna.client.post(`/api/auctions/${auctionId}/enrol`)).status).toBe(200);
    expect(BidAck.parse(await socket.timeout(5000).emitWithAck("bid:place", { auctionId }))).toMatchObject({ data: { priceCents: 1 } });
    // Leading already: refused.
    expect(BidAck.parse(await socket.timeout(5000).emitWithAck("bid:place", { auctionId }))).toMatchObject({
      error: { code: "ALREADY_WINNING" },
    });
    expect((await anna.client.get("/api/operator/system")).status).toBe(403);

    const after = await system();
    const now = after.processes.find((entry) => entry.id === after.answeredBy)!;
    expect(now.sockets).toBeGreaterThanOrEqual(1);
    expect(now.bidsLastMinute - self().bidsLastMinute).toBe(1);
    expect(now.refusedLastMinute - self().refusedLastMinute).toBe(1);
    expect(now.acksInWindow - self().acksInWindow).toBe(2);
    expect(now.ackP50Ms).toBeGreaterThan(0);
    expect(now.ackP99Ms).toBeGreaterThanOrEqual(now.ackP50Ms!);
    expect(now.clientErrorsInWindow - self().clientErrorsInWindow).toBeGreaterThanOrEqual(1);
    expect(now.requestsInWindow).toBeGreaterThan(self().requestsInWindow);
    expect(after.database).toMatchObject({ kind: process.env.DATABASE_URL ? "postgres" : "pglite", state: "ok", waiting: 0 });
    expect(after.database.answerMs).toBeGreaterThanOrEqual(0);
    // The lifecycle job runs on this process: its rounds and last run are told.
    expect(after.jobs.find((job) => job.task === "lifecycle")).toMatchObject({ failures: 0, lastRunAt: expect.any(String) });
  });

  it("lists every process heard from in the last seconds, drops one that fell silent, and skips a summary of another shape", async () => {
    const { db } = server.database;
    const summary = (await system()).processes[0]!;
    const other = { ...summary, id: "other-host:4242:abcd", host: "other-host", pid: 4242, sockets: 7 };
    const gone = { ...summary, id: "gone-host:1:abcd", host: "gone-host", pid: 1 };
    const strange = { id: "strange-host:9:abcd", host: "strange-host", version: 99 };
    await db.query("insert into process_heartbeats (id, started_at, seen_at, summary) values ($1, now(), now(), $2::jsonb)", [
      other.id,
      JSON.stringify(other),
    ]);
    await db.query(
      "insert into process_heartbeats (id, started_at, seen_at, summary) values ($1, now(), now() - interval '1 minute', $2::jsonb)",
      [gone.id, JSON.stringify(gone)],
    );
    // A process of another version, whose summary has another shape, is left out; the page still answers.
    await db.query("insert into process_heartbeats (id, started_at, seen_at, summary) values ($1, now(), now(), $2::jsonb)", [
      strange.id,
      JSON.stringify(strange),
    ]);
    const listed = await system();
    expect(listed.processes.map((entry) => entry.host)).toContain("other-host");
    expect(listed.processes.map((entry) => entry.host)).not.toContain("gone-host");
    expect(listed.processes.map((entry) => entry.host)).not.toContain("strange-host");
    expect(listed.processes.find((entry) => entry.host === "other-host")?.sockets).toBe(7);
    await db.query("delete from process_heartbeats where id = any($1)", [[other.id, gone.id, strange.id]]);
  });
});

describe("the operator's user search", () => {
  it("opens exactly one user for a whole e-mail or an id, and lists a name's matches with their e-mails for the operator to choose", async () => {
    const tag = Date.now().toString(36);
    const first = await signedIn({ firstName: "Zelda", lastName: `Ozola${tag}` });
    const second = await signedIn({ firstName: "Zelda", lastName: `Ozola${tag}` });
    const search = async (text: string) =>
      OperatorUserList.parse((await operator.get(`/api/operator/users?search=${encodeURIComponent(text)}`)).body);

    const byEmail = await search(first.body.email.toUpperCase());
    expect(byEmail.exactId).toBe(first.id);
    const byId = await search(second.id);
    expect(byId).toMatchObject({ exactId: second.id, total: 1 });
    expect(byId.items.map((user) => user.id)).toEqual([second.id]);

    const byName = await search(`zelda ozola${tag}`);
    expect(byName.exactId).toBeNull();
    expect(byName.items.map((user) => user.email).sort()).toEqual([first.body.email, second.body.email].sort());
    // A part of an e-mail lists; it picks no one.
    expect((await search(first.body.email.slice(0, -3))).exactId).toBeNull();
    // An id nobody has names nobody, even if it appears in some text.
    expect(await search("00000000-0000-4000-8000-000000000000")).toMatchObject({ items: [], total: 0, exactId: null });
  });
});

describe("a user's page", () => {
  it("pages through the user's bids, and tells their open sessions and spend limits", async () => {
    const bea = await signedIn();
    await postLedgerEntry(server.database.db, { userId: bea.id, type: "Payment", amountCents: 500, description: "Test top-up" });
    const socket = await openSocket(server.url, sockets, bea.client.cookieHeader);
    const auctions = [
      await createAuction(server.database.db, new Date(), { entryFeeCents: 0 }),
      await createAuction(server.database.db, new Date(), { entryFeeCents: 0 }),
    ];
    for (const auctionId of auctions) {
      expect((await bea.client.post(`/api/auctions/${auctionId}/enrol`)).status).toBe(200);
      expect(BidAck.parse(await socket.timeout(5000).emitWithAck("bid:place", { auctionId }))).toMatchObject({ data: {} });
    }
    const firstPage = OperatorUserBids.parse((await operator.get(`/api/operator/users/${bea.id}/bids?limit=1`)).body);
    const secondPage = OperatorUserBids.parse((await operator.get(`/api/operator/users/${bea.id}/bids?limit=1&offset=1`)).body);
    expect(firstPage.total).toBe(2);
    expect([firstPage.items[0]?.auctionId, secondPage.items[0]?.auctionId]).toEqual([auctions[1], auctions[0]]);
    const detail = OperatorUserDetail.parse((await operator.get(`/api/operator/users/${bea.id}`)).body);
    expect(detail).toMatchObject({ openSessions: 1, limits: { pausedUntil: null, auction: { limitCents: null } } });
    expect((await operator.get(`/api/operator/users/${bea.id}/bids?limit=0`)).status).toBe(400);
  });

  it("signs the user out everywhere: every session and socket ends, the line is in the audit log, and nothing else changes", async () => {
    const cleo = await signedIn();
    const elsewhere = new TestClient(server.url, `10.89.0.${++ip}`);
    expect((await elsewhere.post("/authn/sign-in", { email: cleo.body.email, password: cleo.body.password })).status).toBe(200);
    const socket = await openSocket(server.url, sockets, cleo.client.cookieHeader);
    const bystander = await signedIn();
    expect(OperatorUserSessions.parse((await operator.get(`/api/operator/users/${cleo.id}/sessions`)).body).total).toBe(2);

    const ended = new Promise<string>((resolve) => socket.on("disconnect", resolve));
    const answer = await operator.post(`/api/operator/users/${cleo.body.email}/sign-out-everywhere`);
    expect(answer.status).toBe(200);
    expect(SignOutEverywhereResponse.parse(answer.body)).toEqual({ ended: 2 });
    expect(await ended).toBe("io server disconnect");

    expect((await cleo.client.get("/authn/user")).body).toMatchObject({ isAuthenticated: false });
    expect((await elsewhere.get("/authn/user")).body).toMatchObject({ isAuthenticated: false });
    expect((await bystander.client.get("/authn/user")).body).toMatchObject({ isAuthenticated: true });
    expect(OperatorUserSessions.parse((await operator.get(`/api/operator/users/${cleo.id}/sessions`)).body)).toEqual({
      items: [],
      total: 0,
    });
    const log = (await operator.get(`/api/operator/audit-log?subject=${encodeURIComponent(`user:${cleo.id}`)}`)).body as AuditLogPage;
    expect(log.items[0]).toMatchObject({ action: "user.sign-out-everywhere", details: { sessions: 2 } });
    // Signing in again works: the account is not locked, only its sessions ended.
    expect((await cleo.client.post("/authn/sign-in", { email: cleo.body.email, password: cleo.body.password })).status).toBe(200);
  });
});
