// Issue 57 items 2 and 3 against a running server: the metrics endpoint refuses without its token and its counters
// move with real bids (accepted and refused, over the socket and REST); liveness answers; readiness flips while the
// process drains, which takes no new socket, answers the command in flight and sends its sockets away.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BidAck, ReadinessResponse } from "../../contract";
import { postLedgerEntry } from "../../server/wallet/wallet.service";
import { TestClient, signUpConfirmed } from "../support/client";
import { createAuction } from "../support/fixtures";
import { openSocket, type LiveClient } from "../support/socket";
import { startTestServer, type TestServer } from "../support/server";

const TOKEN = "metrics-token-for-tests-0123456789";
let server: TestServer;
const sockets: LiveClient[] = [];
let ip = 0;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await server?.close();
});

async function bidder() {
  const client = new TestClient(server.url, `10.57.0.${++ip}`);
  const body = await signUpConfirmed(client);
  const [user] = await server.database.db.query<{ id: string }>("select id from users where email = $1", [body.email]);
  await postLedgerEntry(server.database.db, { userId: user!.id, type: "Payment", amountCents: 500, description: "Test top-up" });
  return { client, socket: await openSocket(server.url, sockets, client.cookieHeader) };
}

async function scrape(headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) {
  const response = await fetch(`${server.url}/metrics`, { headers });
  return { status: response.status, text: await response.text() };
}

/** One sample's value in Prometheus's text format (0 when the series is not there yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split("\n")
    .find((row) => (row.startsWith(`${name}{`) || row.startsWith(`${name} `) ? wanted.every((label) => row.includes(label)) : false));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("the metrics endpoint", () => {
  it("refuses a scrape without the token or with a wrong one, and reads nothing then", async () => {
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ Authorization: "Bearer not-the-token-at-all" })).status).toBe(401);
    expect((await scrape({ Authorization: TOKEN })).status).toBe(401);
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("counts bids accepted and refused by code, the bid's ack time, HTTP answers by route, and open sockets", async () => {
    const auctionId = await createAuction(server.database.db, new Date(), { entryFeeCents: 0 });
    const anna = await bidder();
    const before = (await scrape()).text;
    expect((await anna.client.post(`/api/auctions/${auctionId}/enrol`)).status).toBe(200);
    expect(BidAck.parse(await anna.socket.timeout(5000).emitWithAck("bid:place", { auctionId }))).toMatchObject({
      data: { priceCents: 1 },
    });
    // Anna leads: a second bid is refused with SPEC.md's reason.
    const refused = BidAck.parse(await anna.socket.timeout(5000).emitWithAck("bid:place", { auctionId }));
    expect("error" in refused && refused.error.code).toBe("ALREADY_WINNING");
    const after = (await scrape()).text;

    const grew = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(grew("pennybid_bids_total", { outcome: "accepted" })).toBe(1);
    expect(grew("pennybid_bids_total", { outcome: "ALREADY_WINNING" })).toBe(1);
    expect(grew("pennybid_socket_command_duration_seconds_count", { command: "bid:place", code: "ok" })).toBe(1);
    expect(grew("pennybid_socket_command_duration_seconds_count", { command: "bid:place", code: "ALREADY_WINNING" })).toBe(1);
    expect(grew("pennybid_http_request_duration_seconds_count", { route: "/api/auctions/:auctionId/enrol", status: "200" })).toBe(1);
    expect(sample(after, "pennybid_socket_connections")).toBeGreaterThanOrEqual(1);
    expect(grew("pennybid_database_statement_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
    // The lifecycle ticks every second: its rounds are counted by job.
    expect(sample(after, "pennybid_job_runs_total", { task: "lifecycle", outcome: "ok" })).toBeGreaterThan(0);
  });
});

describe("a server without METRICS_TOKEN", () => {
  it("has no metrics endpoint", async () => {
    const plain = await startTestServer();
    try {
      expect((await fetch(`${plain.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("liveness, readiness and drain", () => {
  it("is live and ready; draining, it turns unready, answers the bid in flight, sends its sockets away and takes no new one", async () => {
    const visitor = new TestClient(server.url, "10.57.1.1");
    expect((await visitor.get("/api/health/live")).body).toEqual({ status: "ok" });
    const ready = await visitor.get("/api/health/ready");
    expect(ready.status).toBe(200);
    expect(ReadinessResponse.parse(ready.body)).toMatchObject({ ready: true, database: "ok", draining: false });

    const auctionId = await createAuction(server.database.db, new Date(), { entryFeeCents: 0 });
    const otto = await bidder();
    expect((await otto.client.post(`/api/auctions/${auctionId}/enrol`)).status).toBe(200);
    const disconnected = new Promise<string>((resolve) => otto.socket.once("disconnect", resolve));
    // The bid and the drain meet: the test holds the auction's row, so the bid waits in the database, in flight, when
    // the drain begins. The drain waits for its answer before it lets the socket go.
    let release = () => undefined as void;
    let locked = () => undefined as void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = server.database.db.transaction(async (tx) => {
      await tx.query("select id from auctions where id = $1 for update", [auctionId]);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    const bid = otto.socket.timeout(10_000).emitWithAck("bid:place", { auctionId });
    await expect.poll(() => server.app.traffic.commandsInFlight).toBe(1);
    const drained = server.app.drain(10_000);
    expect(server.app.traffic.isDraining).toBe(true);
    expect(otto.socket.connected).toBe(true);
    release();
    await held;
    expect(BidAck.parse(await bid)).toMatchObject({ data: { priceCents: 1 } });
    await drained;
    expect(await disconnected).toBe("io server disconnect");

    const unready = await visitor.get("/api/health/ready");
    expect(unready.status).toBe(503);
    expect(ReadinessResponse.parse(unready.body)).toMatchObject({ ready: false, draining: true });
    expect((await visitor.get("/api/health/live")).status).toBe(200);
    await expect(openSocket(server.url, sockets)).rejects.toThrow(/SERVER_DRAINING/);
  });
});
