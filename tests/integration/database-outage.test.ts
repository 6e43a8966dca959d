// PostgreSQL stopped or frozen under a running server: bids are refused at once with 503 SERVICE_UNAVAILABLE and a
// Retry-After (never a 500, never an answer that waits as long as the outage), health says 503 as quickly, nothing
// changes, and once the database is back the same server serves again. The server reaches its database through a relay
// the test stops or freezes. Then the pool's limits themselves: a statement cut at the statement timeout, migrations
// exempt. Needs DATABASE_URL (.ci/run sets it): PGlite runs in the server's own process and cannot go away.
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody, BidAck, HealthResponse } from "../../contract";
import { hashPassword } from "../../server/accounts/passwords";
import { buildApp, type App } from "../../server/app";
import { enrol } from "../../server/auctions/engine";
import { loadConfig } from "../../server/config";
import { openDatabase, POSTGRES_TIMEOUTS, type Database } from "../../server/db/database";
import { DatabaseUnavailable } from "../../server/db/errors";
import { migrate } from "../../server/schema";
import { TestClient } from "../support/client";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { DatabaseRelay } from "../support/database-relay";
import { createAuction, createBidder } from "../support/fixtures";
import { NO_BUILD } from "../support/server";
import { openSocket, type LiveClient } from "../support/socket";

/** Generous for a busy machine, and far below an outage's length: a frozen database here stays frozen until answered. */
const ANSWER_WITHIN_MS = 10_000;

const title = process.env.DATABASE_URL
  ? "a PostgreSQL outage under a running server"
  : "a PostgreSQL outage under a running server: skipped, DATABASE_URL not set (PostgreSQL on loopback; .ci/run sets it)";
if (!process.env.DATABASE_URL) console.warn(title);

let database: TestDatabase | undefined;
let relay: DatabaseRelay | undefined;
let relayedDb: Database | undefined;
let app: App | undefined;
let url = "";
const sockets: LiveClient[] = [];
let ip = 0;

describe.skipIf(!process.env.DATABASE_URL)(title, () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    relay = await DatabaseRelay.start(database.databaseUrl!);
    relayedDb = await openDatabase({ kind: "postgres", url: relay.url });
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: "memory://",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "silent",
      TRUST_PROXY: "1",
      STATIC_DIR: NO_BUILD,
      DATABASE_URL: relay.url,
    });
    app = await buildApp({ config, db: relayedDb });
    await app.http.listen({ host: "127.0.0.1", port: 0 });
    url = `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}`;
  });

  // A test that failed mid-outage leaves the database back for the next.
  afterEach(async () => {
    relay?.thaw();
    await relay?.restart();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await app?.http.close();
    await relayedDb?.close();
    await relay?.close();
    await database?.drop();
  });

  /** The database as it is, read past the relay: the auction's price and bids, the bidder's wallet. */
  const facts = async (auctionId: number, userId: string) => {
    const db = database!.db;
    const [auction] = await db.query("select price_cents, bid_count, leader_id from auctions where id = $1", [auctionId]);
    const [bids] = await db.query("select count(*) as n from bids where auction_id = $1", [auctionId]);
    const [wallet] = await db.query(
      "select balance_cents, (select count(*) from wallet_transactions where user_id = $1) as entries from wallets where user_id = $1",
      [userId],
    );
    return { auction, bids, wallet };
  };

  /** A signed-in bidder enrolled in a running auction of their own, with a socket open. */
  const enrolledBidder = async () => {
    const db = database!.db;
    const bidder = await createBidder(db, { balanceCents: 1000, passwordHash: await hashPassword("Secret1!") });
    const auctionId = await createAuction(db, new Date(), { entryFeeCents: 100, initialSeconds: 600 });
    await enrol(db, bidder.id, auctionId, new Date());
    const client = new TestClient(url, `10.51.7.${++ip}`);
    expect((await client.post("/authn/sign-in", { email: bidder.email, password: "Secret1!" })).status).toBe(200);
    const socket = await openSocket(url, sockets, client.cookieHeader);
    return { client, socket, auctionId, userId: bidder.id };
  };

  /** A REST bid, with how long its answer took. */
  const timedBid = async (client: TestClient, auctionId: number) => {
    const startedMs = Date.now();
    const answer = await client.post(`/api/auctions/${auctionId}/bids`);
    return { answer, tookMs: Date.now() - startedMs };
  };

  /** The health check, asked with the bidder's cookie as a browser's page asks it. */
  const timedHealth = async (client: TestClient) => {
    const startedMs = Date.now();
    const answer = await client.get("/api/health");
    return { status: answer.status, body: HealthResponse.parse(answer.body), tookMs: Date.now() - startedMs };
  };

  const expectRefusedForOutage = (answer: { status: number; body: unknown; headers: Headers }) => {
    expect(answer.status).toBe(503);
    expect(ApiErrorBody.parse(answer.body).error.code).toBe("SERVICE_UNAVAILABLE");
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  };

  it("refuses bids with 503 SERVICE_UNAVAILABLE while the database is stopped, changes nothing, and bids again once it is back", async () => {
    const { client, socket, auctionId, userId } = await enrolledBidder();
    const before = await facts(auctionId, userId);

    await relay!.stop();
    const { answer, tookMs } = await timedBid(client, auctionId);
    expectRefusedForOutage(answer);
    expect(tookMs).toBeLessThan(ANSWER_WITHIN_MS);
    // The socket's bid hears the same code in its ack.
    const ack = BidAck.parse(await socket.timeout(ANSWER_WITHIN_MS).emitWithAck("bid:place", { auctionId }));
    expect(ack).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE" } });
    const health = await timedHealth(client);
    expect(health).toMatchObject({ status: 503, body: { status: "degraded", database: "unavailable" } });
    expect(health.tookMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(await facts(auctionId, userId)).toEqual(before);

    await relay!.restart();
    const again = await client.post(`/api/auctions/${auctionId}/bids`);
    expect(again).toMatchObject({ status: 200, body: { priceCents: 1 } });
    expect(await facts(auctionId, userId)).toEqual({
      ...before,
      auction: { price_cents: 1, bid_count: 1, leader_id: userId },
      bids: { n: 1 },
    });
    expect((await timedHealth(client)).status).toBe(200);
  });

  it("refuses a bid within seconds while the database is frozen, not as long as it stays frozen, and bids again once it thaws", async () => {
    const { client, auctionId, userId } = await enrolledBidder();
    const before = await facts(auctionId, userId);

    relay!.freeze();
    const [{ answer, tookMs }, health] = await Promise.all([timedBid(client, auctionId), timedHealth(client)]);
    expectRefusedForOutage(answer);
    expect(tookMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(health).toMatchObject({ status: 503, body: { database: "unavailable" } });
    expect(health.tookMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(await facts(auctionId, userId)).toEqual(before);

    // What the server sent while it was frozen now reaches the database: none of it was the refused bid.
    relay!.thaw();
    const again = await client.post(`/api/auctions/${auctionId}/bids`);
    expect(again).toMatchObject({ status: 200, body: { priceCents: 1 } });
    expect(await facts(auctionId, userId)).toEqual({
      ...before,
      auction: { price_cents: 1, bid_count: 1, leader_id: userId },
      bids: { n: 1 },
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)("the PostgreSQL pool's time limits", () => {
  let own: TestDatabase | undefined;
  beforeAll(async () => {
    own = await openTestDatabase();
  });
  afterAll(async () => {
    await own?.drop();
  });

  it("cuts a statement that runs past the statement timeout, as an outage", async () => {
    const startedMs = Date.now();
    const failure = await own!.db.query("select pg_sleep(30)").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseUnavailable);
    expect(Date.now() - startedMs).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it("lets migrations wait as long as they must (another process's run, a large table), past every request's limit", async () => {
    const holder = new pg.Client({ connectionString: own!.databaseUrl });
    await holder.connect();
    await holder.query("begin");
    await holder.query("lock table schema_migrations in access exclusive mode");
    const heldMs = POSTGRES_TIMEOUTS.answerMs + 1_000;
    const release = new Promise((resolve) => setTimeout(resolve, heldMs)).then(() => holder.query("commit"));
    try {
      const startedMs = Date.now();
      await expect(migrate(own!.db)).resolves.toEqual([]);
      expect(Date.now() - startedMs).toBeGreaterThanOrEqual(heldMs - 100);
    } finally {
      await release;
      await holder.end();
    }
  });
});
