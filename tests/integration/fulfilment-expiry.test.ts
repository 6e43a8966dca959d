// The expiry job with a controlled clock: unpaid won auctions expire when the payment window closes by the server's
// clock, exactly once, also with two processes' jobs on one database and right after a restart.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app";
import { advanceLifecycle, enrol, placeBid } from "../../server/auctions/engine";
import { loadConfig } from "../../server/config";
import { payForWonAuction } from "../../server/fulfilment";
import type { Refusal } from "../../server/refusal";
import { EXPIRY_INTERVAL_MS, startExpiryJob } from "../../server/fulfilment/expiry";
import type { Database } from "../../server/db/database";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { createAuction, createBidder } from "../support/fixtures";
import { keptLog } from "../support/kept-log";
import { NO_BUILD } from "../support/server";

let database: TestDatabase;
let nowMs = Date.now();
const clock = () => new Date(nowMs);
const apps: App[] = [];
const jobs: ReturnType<typeof startExpiryJob>[] = [];
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", LOG_LEVEL: "silent", STATIC_DIR: NO_BUILD });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.http.close();
  for (const job of jobs.splice(0)) await job.stop();
});
afterAll(async () => {
  await database.drop();
});

const db = () => database.db;

async function startApp(): Promise<App> {
  const app = await buildApp({ config, db: db(), clock });
  apps.push(app);
  return app;
}

/** An auction won by a new bidder (with €10), ended now by the clock; its payment window in hours. */
async function wonAuction(windowHours: number) {
  const winner = await createBidder(db(), { balanceCents: 1000 });
  const auctionId = await createAuction(db(), clock(), { entryFeeCents: 0, initialSeconds: 10 });
  await db().query("update auctions set payment_window_hours = $2 where id = $1", [auctionId, windowHours]);
  await enrol(db(), winner.id, auctionId, clock());
  await placeBid(db(), winner.id, auctionId, clock());
  await advanceLifecycle(db(), new Date(nowMs + 20_000)); // the bid pushed the end to now + resetSeconds (15 s)
  const [row] = await db().query<{ deadline_at: Date }>("select deadline_at from fulfilments where auction_id = $1", [auctionId]);
  return { auctionId, winnerId: winner.id, deadlineMs: row!.deadline_at.getTime() };
}

const stateOf = async (auctionId: number) =>
  (await db().query<{ state: string }>("select state from fulfilments where auction_id = $1", [auctionId]))[0]?.state;

const expiryEvents = async (auctionIds: number[]) =>
  (
    await db().query<{ n: number }>(
      "select count(*) as n from fulfilment_events where to_state = 'Expired' and auction_id = any($1::bigint[])",
      [auctionIds],
    )
  )[0]?.n;

/**
 * The job has run at the clock's present time: a won auction whose window closed just now has expired. The job
 * expires in one UPDATE, so whatever that run left alone, it left alone by this clock: absence is then a fact.
 */
async function aRunByTheClockNow() {
  const control = await wonAuction(1);
  await db().query("update fulfilments set deadline_at = $2 where auction_id = $1", [control.auctionId, new Date(nowMs - 1)]);
  await expect.poll(() => stateOf(control.auctionId), { timeout: 5000, interval: 50 }).toBe("Expired");
}

describe("the expiry job", () => {
  it("expires an unpaid auction when its window closes by the server's clock, once, and leaves paid ones alone", async () => {
    const unpaid = await wonAuction(2);
    const paid = await wonAuction(2);
    await payForWonAuction(db(), {
      userId: paid.winnerId,
      auctionId: paid.auctionId,
      deliveryAddress: "Jomas iela 5, Jūrmala, LV-2015",
      phone: "26123456",
      now: clock(),
    });
    await startApp();

    nowMs = unpaid.deadlineMs - 1000;
    await aRunByTheClockNow();
    expect(await stateOf(unpaid.auctionId)).toBe("AwaitingPayment");

    nowMs = unpaid.deadlineMs;
    await expect.poll(() => stateOf(unpaid.auctionId), { timeout: 5000 }).toBe("Expired");
    const [row] = await db().query<{ expired_at: Date; version: number }>(
      "select expired_at, version from fulfilments where auction_id = $1",
      [unpaid.auctionId],
    );
    expect(row).toEqual({ expired_at: new Date(unpaid.deadlineMs), version: 1 });
    expect(await stateOf(paid.auctionId)).toBe("PaymentReceived");

    // Later ticks change nothing, and the winner can no longer pay.
    nowMs += 3600_000;
    await aRunByTheClockNow();
    expect(await expiryEvents([unpaid.auctionId])).toBe(1);
    await expect(
      payForWonAuction(db(), {
        userId: unpaid.winnerId,
        auctionId: unpaid.auctionId,
        deliveryAddress: "Jomas iela 5, Jūrmala, LV-2015",
        phone: "26123456",
        now: clock(),
      }),
    ).rejects.toMatchObject({ code: "FULFILMENT_STEP_REFUSED" } satisfies Partial<Refusal>);
  });

  it("expires each fulfilment once when two processes run the job on one database", async () => {
    // One after the other: each ends every running auction by the clock, so made at once they would end each other's.
    const won: Awaited<ReturnType<typeof wonAuction>>[] = [];
    for (let i = 0; i < 5; i++) won.push(await wonAuction(1));
    await Promise.all([startApp(), startApp()]);
    nowMs = Math.max(...won.map((w) => w.deadlineMs)) + 1;
    const ids = won.map((w) => w.auctionId);
    await expect
      .poll(async () => (await Promise.all(ids.map(stateOf))).every((state) => state === "Expired"), { timeout: 5000 })
      .toBe(true);
    await aRunByTheClockNow();
    expect(await expiryEvents(ids)).toBe(ids.length);
  });

  it("expires, on its first run after a restart, what came due while the server was down", async () => {
    const won = await wonAuction(3);
    const first = await startApp();
    await aRunByTheClockNow();
    expect(await stateOf(won.auctionId)).toBe("AwaitingPayment");
    await first.http.close();
    apps.splice(apps.indexOf(first), 1);

    // Down past the deadline; the restarted server expires it without waiting for a tick.
    nowMs = won.deadlineMs + 3600_000;
    await startApp();
    await expect.poll(() => stateOf(won.auctionId), { timeout: EXPIRY_INTERVAL_MS - 100, interval: 50 }).toBe("Expired");
    expect(await expiryEvents([won.auctionId])).toBe(1);
  });
});

/**
 * The test database as the job sees it: its queries counted (started, finished, most at once), each one taking at
 * least `queryMs`, the next one refused when told, and held until released when told.
 */
function watchedDatabase(options: { queryMs?: number } = {}) {
  const base = db();
  const seen = { started: 0, finished: 0, inFlight: 0, mostInFlight: 0 };
  let refusal: Error | null = null;
  let held: { promise: Promise<void>; release: () => void } | null = null;
  const database: Database = {
    kind: base.kind,
    transaction: (fn) => base.transaction(fn),
    exec: (sql) => base.exec(sql),
    close: () => base.close(),
    async query(sql, params) {
      seen.started += 1;
      seen.inFlight += 1;
      seen.mostInFlight = Math.max(seen.mostInFlight, seen.inFlight);
      try {
        if (held) await held.promise;
        if (refusal) {
          const error = refusal;
          refusal = null;
          throw error;
        }
        const [rows] = await Promise.all([base.query(sql, params), new Promise((resolve) => setTimeout(resolve, options.queryMs ?? 0))]);
        return rows as never;
      } finally {
        seen.inFlight -= 1;
        seen.finished += 1;
      }
    },
  };
  return {
    database,
    seen,
    refuseNext: (error: Error) => (refusal = error),
    hold: () => {
      let release = () => {};
      const promise = new Promise<void>((resolve) => (release = resolve));
      held = { promise, release };
      return () => {
        held = null;
        release();
      };
    },
  };
}

describe("the expiry job's runs", () => {
  it("runs at once and then every interval, one run at a time; stop waits for the run in progress", async () => {
    const watched = watchedDatabase({ queryMs: 20 });
    const { log } = keptLog();
    const job = startExpiryJob({ db: watched.database, clock, log, intervalMs: 5 });
    jobs.push(job);
    // Every 5 ms while each run takes 20: a tick during a run starts none.
    await expect.poll(() => watched.seen.finished, { timeout: 1500, interval: 10 }).toBeGreaterThanOrEqual(4);
    expect(watched.seen.mostInFlight).toBe(1);

    const release = watched.hold();
    await expect.poll(() => watched.seen.inFlight, { interval: 5 }).toBe(1);
    const finishedWhenStopped = job.stop().then(() => watched.seen.finished);
    release();
    expect(await finishedWhenStopped).toBe(watched.seen.started);
  });

  it("tells the server and the log which auctions expired, and neither when none did", async () => {
    const watched = watchedDatabase();
    const kept = keptLog();
    const told: number[][] = [];
    const won = await wonAuction(1);
    nowMs = won.deadlineMs;
    jobs.push(startExpiryJob({ db: watched.database, clock, log: kept.log, onExpired: (ids) => told.push(ids), intervalMs: 5 }));
    await expect.poll(() => told.flat()).toContain(won.auctionId);
    const expiredLine = kept.lines.find((line) => line.msg === "fulfilments expired");
    expect(expiredLine?.auctionIds).toEqual(told[0]);

    // Three more runs with nothing due: no call, no line.
    const runs = watched.seen.finished;
    await expect.poll(() => watched.seen.finished, { interval: 10 }).toBeGreaterThanOrEqual(runs + 3);
    expect(told).toHaveLength(1);
    expect(kept.messages()).toEqual(["fulfilments expired"]);
  });

  it("logs a run that fails and carries on; with no one to tell, it still logs what expired", async () => {
    const watched = watchedDatabase();
    const kept = keptLog();
    watched.refuseNext(new Error("the database went away"));
    jobs.push(startExpiryJob({ db: watched.database, clock, log: kept.log, intervalMs: 5 }));
    await expect.poll(() => kept.messages()).toEqual(["fulfilment expiry failed"]);
    expect(kept.lines[0]?.err?.message).toBe("the database went away");

    const won = await wonAuction(1);
    nowMs = won.deadlineMs;
    await expect.poll(() => stateOf(won.auctionId)).toBe("Expired");
    await expect.poll(() => kept.messages()).toEqual(["fulfilment expiry failed", "fulfilments expired"]);
  });
});
