// Issue 52, item 4, on the server: an operator's action names the auction as they saw it (its `seq`) and is refused,
// changing nothing, when the auction changed since; the audit log says "started now" and "ended now" and names
// operators and users; an ended auction's detail carries its win's payment; an operator's socket follows a draft; the
// overview counts what needs an operator's eye.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AuditLogPage, OperatorAuction, OperatorAuctionDetail, OperatorOverview } from "../../contract";
import { type TestClient } from "../support/client";
import { openSocket, type LiveClient } from "../support/socket";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

describe("operators' confirmations and what the back office reads", () => {
  let server: TestServer;
  let operator: TestClient;
  let operatorEmail: string;
  const bidders: { client: TestClient; email: string; displayName: string }[] = [];
  const opened: LiveClient[] = [];
  let ip = 0;

  const signedIn = async () => {
    const { client, body } = await bidderClient(server, `10.52.4.${++ip}`);
    return { client, email: body.email, displayName: body.displayName };
  };
  const detail = async (id: number) => (await operator.get(`/api/operator/auctions/${id}`)).body as OperatorAuctionDetail;
  const draft = async (title: string, extra: Record<string, unknown> = {}) => {
    const created = await operator.post("/api/operator/auctions", {
      title,
      initialSeconds: 600,
      resetSeconds: 60,
      entryFeeCents: 0,
      startsInSeconds: 3600,
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body as OperatorAuction;
  };
  const running = async (title: string) => {
    const auction = await draft(title);
    expect((await operator.post(`/api/operator/auctions/${auction.id}/start-now`, { seq: auction.seq })).status).toBe(200);
    for (const bidder of bidders) expect((await bidder.client.post(`/api/auctions/${auction.id}/enrol`)).status).toBe(200);
    return auction.id;
  };
  const auditOf = async (id: number) => ((await operator.get(`/api/operator/audit-log?subject=auction:${id}`)).body as AuditLogPage).items;

  beforeAll(async () => {
    server = await startTestServer();
    const op = await signedIn();
    await server.database.db.query("update users set role = 'operator' where email = $1", [op.email]);
    operator = op.client;
    operatorEmail = op.email;
    for (let i = 0; i < 2; i += 1) {
      const bidder = await signedIn();
      expect(
        (await operator.post(`/api/operator/users/${bidder.displayName}/wallet`, { amountCents: 1000, reason: "Test bids" })).status,
      ).toBe(200);
      bidders.push(bidder);
    }
  });
  afterEach(() => opened.splice(0).forEach((socket) => socket.disconnect()));
  afterAll(async () => {
    await server.close();
  });

  it("refuses End now with AUCTION_CHANGED when a bid came after the operator's reading, and changes nothing", async () => {
    const id = await running("Refused kettle");
    const [anna, otto] = bidders as [(typeof bidders)[0], (typeof bidders)[0]];
    expect((await anna.client.post(`/api/auctions/${id}/bids`)).status).toBe(200);
    const seen = await detail(id);
    expect(seen.leaderName).toBe(anna.displayName);
    expect((await otto.client.post(`/api/auctions/${id}/bids`)).status).toBe(200);

    const refused = await operator.post(`/api/operator/auctions/${id}/end-now`, { seq: seen.seq });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: "AUCTION_CHANGED", message: expect.stringContaining("nothing was done") } });
    const after = await detail(id);
    expect(after).toMatchObject({
      status: "Running",
      leaderName: otto.displayName,
      priceCents: 2,
      bidCount: 2,
      endsAt: expect.any(String),
    });
    expect((await auditOf(id)).map((line) => line.action)).not.toContain("auction.end-now");

    // Confirmed on what the operator now sees, it ends with that leader as the winner at that price.
    const ended = await operator.post(`/api/operator/auctions/${id}/end-now`, { seq: after.seq });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: "Ended", winnerName: otto.displayName, priceCents: 2 });
  });

  it("refuses the other confirmed actions on a changed auction too, and takes an action without a seq (the ops CLI)", async () => {
    const stale = await draft("Stale lamp");
    expect((await operator.post(`/api/operator/auctions/${stale.id}/time-left`, { seconds: 7200 })).status).toBe(200);
    for (const action of ["start-now", "cancel", "publish"]) {
      const refused = await operator.post(`/api/operator/auctions/${stale.id}/${action}`, { seq: stale.seq });
      expect(refused.status, action).toBe(409);
      expect(refused.body, action).toMatchObject({ error: { code: "AUCTION_CHANGED" } });
    }
    expect((await operator.post(`/api/operator/auctions/${stale.id}/time-left`, { seconds: 60, seq: stale.seq })).body).toMatchObject({
      error: { code: "AUCTION_CHANGED" },
    });
    expect((await detail(stale.id)).status).toBe("New");
    // The CLI's call carries no body at all.
    const bare = await operator.request("POST", `/api/operator/auctions/${stale.id}/start-now`, undefined, {
      "x-requested-with": "XMLHttpRequest",
    });
    expect(bare.body).toMatchObject({ status: "Running" });
  });

  it("logs Start now and End now as such, with the leader and price, and names operators and users", async () => {
    const id = await running("Logged grinder");
    const [anna] = bidders as [(typeof bidders)[0]];
    expect((await anna.client.post(`/api/auctions/${id}/bids`)).status).toBe(200);
    expect((await operator.post(`/api/operator/auctions/${id}/end-now`, { seq: (await detail(id)).seq })).status).toBe(200);

    const [ended, started] = await auditOf(id);
    expect(started).toMatchObject({
      action: "auction.start-now",
      details: { status: "New" },
      subjectTitle: "Logged grinder",
      subjectUser: null,
    });
    expect(ended).toMatchObject({
      action: "auction.end-now",
      details: { leader: `${anna.displayName} (${anna.email})`, priceCents: 1, bids: 1 },
      actor: operatorEmail,
      actorUser: { email: operatorEmail, displayName: expect.any(String) },
    });
    const credits = ((await operator.get("/api/operator/audit-log?action=wallet.adjust")).body as AuditLogPage).items;
    expect(credits.map((line) => line.subjectUser)).toContainEqual({ displayName: anna.displayName, email: anna.email });
  });

  it("carries an ended auction's win: unpaid, then paid", async () => {
    const id = await running("Won toaster");
    const [anna] = bidders as [(typeof bidders)[0]];
    expect((await anna.client.post(`/api/auctions/${id}/bids`)).status).toBe(200);
    expect((await operator.post(`/api/operator/auctions/${id}/end-now`)).status).toBe(200);
    expect((await detail(id)).fulfilment).toMatchObject({
      state: "AwaitingPayment",
      finalPriceCents: 1,
      winnerEmail: anna.email,
      paidAt: null,
    });
    const paid = await anna.client.post(`/api/fulfilments/${id}/pay`, {
      deliveryAddress: "Brīvības iela 58, Rīga, LV-1010",
      phone: "+371 26 123 456",
    });
    expect(paid.status).toBe(200);
    expect((await detail(id)).fulfilment).toMatchObject({ state: "PaymentReceived", amountPaidCents: 1, paidAt: expect.any(String) });
  });

  it("lets an operator's socket follow a draft, and not a bidder's", async () => {
    const radio = await draft("Draft radio");
    const operatorSocket = await openSocket(server.url, opened, operator.cookieHeader);
    const bidderSocket = await openSocket(server.url, opened, bidders[0]!.client.cookieHeader);
    expect(await operatorSocket.emitWithAck("auction:subscribe", { auctionId: radio.id })).toMatchObject({
      data: { id: radio.id, status: "New" },
    });
    expect(await bidderSocket.emitWithAck("auction:subscribe", { auctionId: radio.id })).toMatchObject({
      error: { code: "AUCTION_STATE_MISSING" },
    });
  });

  it("counts running, starting soon, unpaid and to send for the overview", async () => {
    const before = (await operator.get("/api/operator/overview")).body as OperatorOverview;
    await draft("Counted clock", { publish: true });
    const id = await running("Counted kettle");
    expect((await bidders[0]!.client.post(`/api/auctions/${id}/bids`)).status).toBe(200);
    expect((await operator.get("/api/operator/overview")).body).toEqual({
      ...before,
      running: before.running + 1,
      startingSoon: before.startingSoon + 1,
    });
    expect((await operator.post(`/api/operator/auctions/${id}/end-now`)).status).toBe(200);
    expect((await operator.get("/api/operator/overview")).body).toEqual({
      ...before,
      startingSoon: before.startingSoon + 1,
      unpaid: before.unpaid + 1,
    });
    await bidders[0]!.client.post(`/api/fulfilments/${id}/pay`, {
      deliveryAddress: "Brīvības iela 58, Rīga, LV-1010",
      phone: "+371 26 123 456",
    });
    expect((await operator.get("/api/operator/overview")).body).toEqual({
      ...before,
      startingSoon: before.startingSoon + 1,
      toSend: before.toSend + 1,
    });
    expect((await bidders[0]!.client.get("/api/operator/overview")).status).toBe(403);
  });
});
