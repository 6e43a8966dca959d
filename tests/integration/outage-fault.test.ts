// Issue 51's fault test: two server processes on one PostgreSQL and one Redis, each reaching both through relays the
// test stops, while bidders bid through both. With PostgreSQL away every answer is a clear refusal within seconds and
// health says 503; once it is back both processes take bids again, neither restarted. With Redis away a bidder signs
// out and another resets their password through A while their sockets are on B: B refuses their next bid and
// enrolment at once (the bid checks its session in its own statement), and their sockets that sent nothing end once
// Redis is back. No acknowledged bid is lost and each auction ends once. Needs DATABASE_URL and REDIS_URL (.ci/run).
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { ApiErrorBody, AuctionState, BidAck, EnrolAck, HealthResponse, SubscribeAck, type ErrorCode } from "../../contract";
import { hashPassword } from "../../server/accounts/passwords";
import { enrol } from "../../server/auctions/engine";
import { mailsTo, TestClient, tokenFrom } from "../support/client";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { DatabaseRelay } from "../support/database-relay";
import { at, createAuction, createBidder } from "../support/fixtures";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { openSocket, type LiveClient } from "../support/socket";

/** Every answer, refusals included, comes within this (the pool gives up after 2 s connecting, 4 s waiting). */
const ANSWER_WITHIN_MS = 6_000;
/** An ack not here by then is missing, and fails the test. */
const ACK_WAIT_MS = 10_000;
/** How long each service stays away. */
const OUTAGE_MS = 3_000;
/** A bidder's next bid on an auction waits this long after the answer to the last (the server allows one a second). */
const BID_GAP_MS = 1_200;
/** How soon the test expects a process to notice what changed (an outage, a recovery, a disconnect). */
const NOTICE_WITHIN_MS = 15_000;

const missing = ["DATABASE_URL", "REDIS_URL"].filter((name) => !process.env[name]);
const title =
  missing.length === 0
    ? "PostgreSQL, then Redis, stopped under two server processes while bidders bid"
    : `outages under two server processes: skipped, ${missing.join(" and ")} not set (PostgreSQL and Redis on loopback; .ci/run sets both)`;
if (missing.length > 0) console.warn(title);

type Outcome =
  | { kind: "placed"; priceCents: number }
  | { kind: "refused"; code: ErrorCode }
  | { kind: "no answer" }
  | { kind: "unparsable"; raw: unknown };
type Attempt = { bidderId: string; auctionId: number; via: string; sentAt: number; answeredAt: number; outcome: Outcome };
type Bidder = { id: string; email: string; displayName: string; rest: TestClient; socket: LiveClient; via: string };
/** When an outage began (the relay asked to stop), was complete (stopped), ended (asked to restart) and was over. */
type Outage = { beganAt: number; stoppedAt: number; endedAt: number; overAt: number };

const servers: ServerProcess[] = [];
const sockets: LiveClient[] = [];
const relays: DatabaseRelay[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await Promise.all(servers.map((server) => server.kill("SIGKILL")));
  await Promise.all(relays.map((relay) => relay.close()));
  await database?.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** `promise`'s value, or a failure naming what did not happen within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** When the server ends the socket (the client never ends one itself before the cleanup). */
const disconnection = (socket: LiveClient) => new Promise<number>((resolve) => socket.once("disconnect", () => resolve(Date.now())));

/** The process's JSON log lines (LOG_LEVEL=info). */
function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Whether the process logged `message` about its Redis subscriber, which carries sign-outs between processes. */
const hasLoggedSubscriber = (server: ServerProcess, message: string) =>
  logLines(server).some((line) => line.role === "subscriber" && String(line.msg).startsWith(message));

/** Which auctions the process moved to "Ended" ("auction lifecycle" lines). */
const endsLoggedBy = (server: ServerProcess) =>
  logLines(server)
    .filter((line) => line.msg === "auction lifecycle")
    .flatMap((line) => line.transitions as { auctionId: number; status: string }[])
    .filter((transition) => transition.status === "Ended")
    .map((transition) => transition.auctionId);

/** What a watcher heard live, per auction. */
class Watcher {
  readonly heard = new Map<number, AuctionState[]>();

  constructor(
    readonly socket: LiveClient,
    auctionIds: number[],
  ) {
    socket.on("auction:updated", (raw) => {
      const state = AuctionState.parse(raw);
      if (auctionIds.includes(state.id)) this.heard.set(state.id, [...(this.heard.get(state.id) ?? []), state]);
    });
  }

  async subscribe(auctionId: number): Promise<void> {
    const answer = SubscribeAck.parse(await this.socket.timeout(ACK_WAIT_MS).emitWithAck("auction:subscribe", { auctionId }));
    if (!("data" in answer)) throw new Error(`subscribe refused: ${answer.error.code}`);
  }

  hasHeardPrice = (auctionId: number, priceCents: number) =>
    (this.heard.get(auctionId) ?? []).some((state) => state.priceCents === priceCents);
  endsHeard = (auctionId: number) => (this.heard.get(auctionId) ?? []).filter((state) => state.status === "Ended");
}

/** The price an attempt was acknowledged at; -1 when it was not. */
const priceOf = (attempt: Attempt) => (attempt.outcome.kind === "placed" ? attempt.outcome.priceCents : -1);

/** A command on a socket, its answer parsed with `schema`, and how long it took. */
async function timedCommand<T>(
  send: () => Promise<unknown>,
  schema: { parse: (raw: unknown) => T },
): Promise<{ answer: T; tookMs: number }> {
  const startedMs = Date.now();
  const raw = await send();
  return { answer: schema.parse(raw), tookMs: Date.now() - startedMs };
}

describe.skipIf(missing.length > 0)(title, () => {
  it("refuses clearly while each is away, recovers without a restart, loses no acknowledged bid, ends each auction once and shuts out the signed-out", async () => {
    database = await openTestDatabase();
    const { db } = database;
    const postgres = await DatabaseRelay.start(database.databaseUrl!);
    const redis = await DatabaseRelay.start(process.env.REDIS_URL!);
    relays.push(postgres, redis);
    const env = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DATA_DIR: "memory://",
      // Info logs carry the lifecycle's transitions and the Redis links' losses and recoveries.
      LOG_LEVEL: "info",
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const pids = servers.map((server) => server.child.pid);

    // Bidders signed in over REST (sessions live in the database), each bidding through a socket on one process: the
    // regulars on their own, the leaver (signed in through A) and the resetter (through B) on B. Those two also keep
    // sockets that send nothing: the leaver's on A and B, the resetter's on A.
    const passwordHash = await hashPassword("Secret1!");
    let ip = 0;
    const bidderOn = async (signInVia: string, bidVia: string): Promise<Bidder> => {
      const row = await createBidder(db, { passwordHash, balanceCents: 1000 });
      const rest = new TestClient(signInVia, `10.52.0.${++ip}`);
      expect((await rest.post("/authn/sign-in", { email: row.email, password: "Secret1!" })).status).toBe(200);
      return { ...row, rest, socket: await openSocket(bidVia, sockets, rest.cookieHeader), via: bidVia };
    };
    const regulars = await Promise.all([a.url, b.url, a.url, b.url].map((url) => bidderOn(url, url)));
    const leaver = await bidderOn(a.url, b.url);
    const resetter = await bidderOn(b.url, b.url);
    const idleSockets = await Promise.all(
      [
        { who: "the leaver's on B", owner: leaver, url: b.url },
        { who: "the leaver's on A", owner: leaver, url: a.url },
        { who: "the resetter's on A", owner: resetter, url: a.url },
      ].map(async ({ who, owner, url }) => {
        const socket = await openSocket(url, sockets, owner.rest.cookieHeader);
        return { who, socket, endedAt: disconnection(socket) };
      }),
    );
    const leaverEnrolSocket = await openSocket(b.url, sockets, leaver.rest.cookieHeader);
    // A bidder who never bids, with a socket on each process, whose session ends with no message at all (below).
    const quiet = await bidderOn(a.url, a.url);
    const quietSockets = [quiet.socket, await openSocket(b.url, sockets, quiet.rest.cookieHeader)].map(disconnection);

    // Two auctions made once everyone is signed in: every bid gives at least 15 s more, longer than an outage and its
    // recovery, so they end only once bidding stops.
    const now = new Date();
    const shared = await createAuction(db, now, { entryFeeCents: 100, resetSeconds: 15, endsAt: at(now, 20) });
    const regularsOnly = await createAuction(db, now, { entryFeeCents: 100, resetSeconds: 15, endsAt: at(now, 20) });
    const auctionIds = [shared, regularsOnly];
    const rosters = new Map([
      [shared, [...regulars, leaver, resetter]],
      [regularsOnly, regulars],
    ]);
    for (const [auctionId, roster] of rosters) for (const bidder of roster) await enrol(db, bidder.id, auctionId, now);

    const watchers = await Promise.all(
      [a.url, b.url].map(async (url) => {
        const watcher = new Watcher(await openSocket(url, sockets), auctionIds);
        for (const auctionId of auctionIds) await watcher.subscribe(auctionId);
        return watcher;
      }),
    );
    const [watcherOnA, watcherOnB] = watchers as [Watcher, Watcher];

    // Bidding: on each auction one bid at a time, by the next bidder who does not lead and whose last answer there came
    // at least BID_GAP_MS ago; every answer recorded with its timing.
    const attempts: Attempt[] = [];
    const retired = new Set<string>();
    const inFlight = new Map<number, { bidderId: string; answered: Promise<void> }>();
    let isBidding = true;
    const leaderOf = (auctionId: number) =>
      attempts.filter((one) => one.auctionId === auctionId && priceOf(one) > 0).sort((x, y) => priceOf(y) - priceOf(x))[0]?.bidderId;
    const bid = async (bidder: Bidder, auctionId: number) => {
      const sentAt = Date.now();
      const raw = await bidder.socket
        .timeout(ACK_WAIT_MS)
        .emitWithAck("bid:place", { auctionId })
        .catch(() => undefined);
      const parsed = raw === undefined ? undefined : BidAck.safeParse(raw);
      const outcome: Outcome =
        parsed === undefined
          ? { kind: "no answer" }
          : !parsed.success
            ? { kind: "unparsable", raw }
            : "data" in parsed.data
              ? { kind: "placed", priceCents: parsed.data.data.priceCents }
              : { kind: "refused", code: parsed.data.error.code };
      attempts.push({ bidderId: bidder.id, auctionId, via: bidder.via, sentAt, answeredAt: Date.now(), outcome });
    };
    const bidding = auctionIds.map(async (auctionId) => {
      const roster = rosters.get(auctionId)!;
      const lastAnswerAt = new Map<string, number>();
      for (let turn = 0; isBidding; turn++) {
        const leader = leaderOf(auctionId);
        const bidder = roster
          .map((_, i) => roster[(turn + i) % roster.length]!)
          .find((one) => !retired.has(one.id) && one.id !== leader && Date.now() - (lastAnswerAt.get(one.id) ?? 0) >= BID_GAP_MS);
        if (!bidder) {
          await pause(100);
          continue;
        }
        const answered = bid(bidder, auctionId);
        inFlight.set(auctionId, { bidderId: bidder.id, answered });
        await answered;
        inFlight.delete(auctionId);
        lastAnswerAt.set(bidder.id, Date.now());
        await pause(150);
      }
    });
    /** Takes a bidder out of the bidding once their bids in flight are answered. */
    const retire = async (bidder: Bidder) => {
      retired.add(bidder.id);
      await Promise.all([...inFlight.values()].filter((one) => one.bidderId === bidder.id).map((one) => one.answered));
    };
    const hasPlacedVia = (url: string, sentAfter: number) =>
      attempts.some((one) => one.via === url && one.sentAt > sentAfter && one.outcome.kind === "placed");
    const placedViaBoth = (sentAfter: number) => hasPlacedVia(a.url, sentAfter) && hasPlacedVia(b.url, sentAfter);
    const timedHealth = async (url: string) => {
      const startedMs = Date.now();
      const answer = await new TestClient(url).get("/api/health");
      return { status: answer.status, body: HealthResponse.parse(answer.body), tookMs: Date.now() - startedMs };
    };

    const biddingFrom = Date.now();
    await expect.poll(() => placedViaBoth(biddingFrom), { timeout: NOTICE_WITHIN_MS }).toBe(true);

    // PostgreSQL away: bids through both processes are refused with SERVICE_UNAVAILABLE, REST answers 503 with
    // Retry-After, health says so; all within seconds.
    const databaseOutage: Outage = { beganAt: Date.now(), stoppedAt: 0, endedAt: 0, overAt: 0 };
    await postgres.stop();
    databaseOutage.stoppedAt = Date.now();
    for (const server of servers) {
      const health = await timedHealth(server.url);
      expect(health, `health of ${server.url} without its database`).toMatchObject({ status: 503, body: { database: "unavailable" } });
      expect(health.tookMs).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    }
    for (const bidder of regulars.slice(0, 2)) {
      const startedMs = Date.now();
      const answer = await bidder.rest.post(`/api/auctions/${regularsOnly}/bids`);
      expect(Date.now() - startedMs).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
      expect(answer.status, `a REST bid through ${bidder.via} without the database`).toBe(503);
      expect(ApiErrorBody.parse(answer.body).error.code).toBe("SERVICE_UNAVAILABLE");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const isRefusedForOutageVia = (url: string) =>
      attempts.some(
        (one) =>
          one.via === url &&
          one.sentAt >= databaseOutage.stoppedAt &&
          one.outcome.kind === "refused" &&
          one.outcome.code === "SERVICE_UNAVAILABLE",
      );
    await expect.poll(() => isRefusedForOutageVia(a.url) && isRefusedForOutageVia(b.url), { timeout: NOTICE_WITHIN_MS }).toBe(true);
    await pause(databaseOutage.beganAt + OUTAGE_MS - Date.now());
    databaseOutage.endedAt = Date.now();
    await postgres.restart();
    databaseOutage.overAt = Date.now();

    // Back without a restart: bids through both processes again, health 200.
    await expect.poll(() => placedViaBoth(databaseOutage.overAt), { timeout: NOTICE_WITHIN_MS }).toBe(true);
    for (const server of servers) expect((await timedHealth(server.url)).status).toBe(200);

    // Redis away: each process keeps serving its own sockets, and no longer hears the others' messages.
    const redisOutage: Outage = { beganAt: Date.now(), stoppedAt: 0, endedAt: 0, overAt: 0 };
    await redis.stop();
    redisOutage.stoppedAt = Date.now();
    for (const server of servers) {
      await expect.poll(() => hasLoggedSubscriber(server, "Redis connection lost"), { timeout: NOTICE_WITHIN_MS }).toBe(true);
    }

    // The leaver signs out through A. The message that would end their sockets on B is lost, yet B refuses their next
    // bid at once, as signed out, and ends that socket; and their enrolment, charging nothing.
    await retire(leaver);
    const leaverCookie = leaver.rest.cookieHeader;
    const signOutAt = Date.now();
    expect((await leaver.rest.post("/authn/sign-out")).status).toBe(204);
    // On A, the process that signed them out, their socket ends at once: it needs no message from anywhere.
    await within(idleSockets[1]!.endedAt, NOTICE_WITHIN_MS, "the leaver's socket on A, where they signed out, ended at once");
    const leaverBidSocketEnded = disconnection(leaver.socket);
    const leaverBid = await timedCommand(() => leaver.socket.timeout(ACK_WAIT_MS).emitWithAck("bid:place", { auctionId: shared }), BidAck);
    expect(leaverBid.answer, "the signed-out bidder's bid through B").toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    expect(leaverBid.tookMs).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    await within(leaverBidSocketEnded, NOTICE_WITHIN_MS, "the signed-out bidder's socket on B ended after its refused bid");
    const leaverEnrolSocketEnded = disconnection(leaverEnrolSocket);
    const leaverEnrol = await timedCommand(
      () => leaverEnrolSocket.timeout(ACK_WAIT_MS).emitWithAck("auction:enrol", { auctionId: regularsOnly }),
      EnrolAck,
    );
    expect(leaverEnrol.answer, "the signed-out bidder's enrolment through B").toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    expect(leaverEnrol.tookMs).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    await within(leaverEnrolSocketEnded, NOTICE_WITHIN_MS, "the signed-out bidder's socket on B ended after its refused enrolment");

    // The resetter's password is reset through A (every session of theirs ends): B refuses their next bid at once too.
    await retire(resetter);
    const visitorOnA = new TestClient(a.url, `10.52.0.${++ip}`);
    expect((await visitorOnA.post("/authn/forgot-password", { email: resetter.email, language: "en" })).status).toBe(202);
    const [mail] = await mailsTo(a.url, resetter.email);
    const token = tokenFrom(mail?.links.find((link) => link.includes("/reset-password?token=")) ?? "");
    const resetAt = Date.now();
    expect((await visitorOnA.post("/authn/reset-password", { token, password: "Newpass2@", confirmPassword: "Newpass2@" })).status).toBe(
      204,
    );
    const resetterBidSocketEnded = disconnection(resetter.socket);
    const resetterBid = await timedCommand(
      () => resetter.socket.timeout(ACK_WAIT_MS).emitWithAck("bid:place", { auctionId: shared }),
      BidAck,
    );
    expect(resetterBid.answer, "the bid through B of a bidder whose password was reset").toMatchObject({
      error: { code: "UNAUTHENTICATED" },
    });
    expect(resetterBid.tookMs).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    await within(resetterBidSocketEnded, NOTICE_WITHIN_MS, "the reset bidder's socket on B ended after its refused bid");

    // The others go on bidding through both processes while Redis is away.
    await expect.poll(() => placedViaBoth(redisOutage.stoppedAt), { timeout: NOTICE_WITHIN_MS }).toBe(true);
    await pause(redisOutage.beganAt + OUTAGE_MS - Date.now());
    redisOutage.endedAt = Date.now();
    await redis.restart();
    redisOutage.overAt = Date.now();

    // Redis back: each process ends its sockets whose sessions ended meanwhile, those that never sent a command too.
    for (const server of servers) {
      await expect.poll(() => hasLoggedSubscriber(server, "Redis connection back"), { timeout: NOTICE_WITHIN_MS }).toBe(true);
    }
    for (const idle of idleSockets)
      await within(idle.endedAt, NOTICE_WITHIN_MS, `${idle.who} socket that sent nothing, ended once Redis is back`);
    // The leaver's old cookie opens only a signed-out socket now, on either process.
    for (const url of [a.url, b.url]) {
      const again = await openSocket(url, sockets, leaverCookie);
      const answer = BidAck.parse(await again.timeout(ACK_WAIT_MS).emitWithAck("bid:place", { auctionId: shared }));
      expect(answer, `a bid with the signed-out cookie through ${url}`).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    }
    // The feed crosses processes again: a bid through one process, placed after Redis came back, reaches the other's watcher.
    const isHeardAcross = (via: string, watcher: Watcher) =>
      attempts.some(
        (one) =>
          one.via === via &&
          one.sentAt > redisOutage.overAt &&
          one.outcome.kind === "placed" &&
          watcher.hasHeardPrice(one.auctionId, one.outcome.priceCents),
      );
    await expect.poll(() => isHeardAcross(b.url, watcherOnA) && isHeardAcross(a.url, watcherOnB), { timeout: NOTICE_WITHIN_MS }).toBe(true);

    // A drop of Redis that is back at once (a "close" without an "error") loses messages too: a session that ended
    // meanwhile with no message heard at all (here: deleted, as by a process that died before it sent one) ends its
    // sockets on both processes when Redis is back.
    await db.query("delete from sessions where user_id = $1", [quiet.id]);
    await redis.stop();
    await redis.restart();
    for (const [index, ended] of quietSockets.entries())
      await within(ended, NOTICE_WITHIN_MS, `the quiet bidder's socket ${index + 1}, after a short drop of Redis`);

    isBidding = false;
    await Promise.all(bidding);
    expect(servers.map((server) => [server.child.pid, server.child.exitCode, server.child.signalCode])).toEqual(
      pids.map((pid) => [pid, null, null]),
    );

    // Every answer came, in time, and was either the bid or a code of the contract's; without the database, only
    // SERVICE_UNAVAILABLE; without Redis, every bid placed.
    const late = attempts.filter(
      (one) => one.answeredAt - one.sentAt > ANSWER_WITHIN_MS || one.outcome.kind === "no answer" || one.outcome.kind === "unparsable",
    );
    expect(late, "bids answered late, unparsably or never").toEqual([]);
    const during = (outage: Outage) => attempts.filter((one) => one.sentAt >= outage.stoppedAt && one.answeredAt <= outage.endedAt);
    const answersWithoutDatabase = during(databaseOutage).map((one) =>
      one.outcome.kind === "refused" ? one.outcome.code : one.outcome.kind,
    );
    expect(answersWithoutDatabase.length).toBeGreaterThanOrEqual(2);
    expect(new Set(answersWithoutDatabase), "answers while the database was away").toEqual(new Set(["SERVICE_UNAVAILABLE"]));
    expect(
      during(redisOutage).filter((one) => one.outcome.kind !== "placed"),
      "bids refused while only Redis was away",
    ).toEqual([]);

    // Both auctions end by their timers, both processes ticking.
    const visitor = new TestClient(a.url);
    for (const auctionId of auctionIds) {
      await expect
        .poll(async () => AuctionState.parse((await visitor.get(`/api/auctions/${auctionId}`)).body).status, {
          timeout: 30_000,
          interval: 500,
        })
        .toBe("Ended");
    }

    // No acknowledged bid lost. A bid stored though refused can only be one in flight when the database went away
    // (it committed, its answer was cut): nothing else is stored that was not acknowledged.
    const placed = attempts.filter((one) => one.outcome.kind === "placed");
    type StoredBid = { user_id: string; price_cents: number; placed_at: Date };
    for (const auctionId of auctionIds) {
      const stored = await db.query<StoredBid>(
        "select user_id, price_cents, placed_at from bids where auction_id = $1 order by price_cents",
        [auctionId],
      );
      const storedKeys = new Set(stored.map((row) => `${row.user_id}@${row.price_cents}`));
      const acked = placed.filter((one) => one.auctionId === auctionId).map((one) => `${one.bidderId}@${priceOf(one)}`);
      expect(
        acked.filter((key) => !storedKeys.has(key)),
        `acknowledged bids on auction ${auctionId} missing from the database`,
      ).toEqual([]);
      const inDoubt = attempts.filter(
        (one) =>
          one.auctionId === auctionId &&
          one.outcome.kind === "refused" &&
          one.outcome.code === "SERVICE_UNAVAILABLE" &&
          one.sentAt <= databaseOutage.stoppedAt &&
          one.answeredAt >= databaseOutage.beganAt,
      );
      const unacked = stored.filter((row) => !acked.includes(`${row.user_id}@${row.price_cents}`));
      expect(unacked.length, `bids stored on auction ${auctionId} without an acknowledgement`).toBeLessThanOrEqual(inDoubt.length);
      for (const row of unacked) expect(inDoubt.map((one) => one.bidderId)).toContain(row.user_id);
      expect(acked.length, `bids acknowledged on auction ${auctionId}`).toBeGreaterThanOrEqual(3);
    }
    // Other refusals only follow such a bid (its bidder led without knowing it).
    const otherRefusals = attempts.filter((one) => one.outcome.kind === "refused" && one.outcome.code !== "SERVICE_UNAVAILABLE");
    const inDoubtStored = (await db.query<{ n: number }>("select count(*)::int as n from bids"))[0]!.n - placed.length;
    if (inDoubtStored === 0) expect(otherRefusals, "refusals other than the outage's").toEqual([]);
    const outageRefusals = attempts.filter((one) => one.outcome.kind === "refused" && one.outcome.code === "SERVICE_UNAVAILABLE");
    expect(
      outageRefusals.filter((one) => one.sentAt > databaseOutage.overAt || one.answeredAt < databaseOutage.beganAt),
      "SERVICE_UNAVAILABLE outside the outage",
    ).toEqual([]);

    // Nothing of the leaver's or the resetter's after their sessions ended: their bids were all before, all acknowledged;
    // the leaver's refused enrolment is not stored.
    for (const [who, endedAt] of [
      [leaver, signOutAt],
      [resetter, resetAt],
    ] as const) {
      const theirs = await db.query<StoredBid>("select user_id, price_cents, placed_at from bids where user_id = $1", [who.id]);
      expect(
        theirs.filter((row) => row.placed_at.getTime() >= endedAt),
        "bids stored after the session ended",
      ).toEqual([]);
      expect(theirs.length).toBe(placed.filter((one) => one.bidderId === who.id).length);
    }
    expect(await db.query("select 1 from enrolments where user_id = $1 and auction_id = $2", [leaver.id, regularsOnly])).toEqual([]);

    // Each auction ended once: one "Ended" transition in both processes' logs together, one fulfilment for the last
    // bidder at the last price, one end heard by each watcher.
    const ends = [...endsLoggedBy(a), ...endsLoggedBy(b)];
    for (const auctionId of auctionIds) {
      expect(
        ends.filter((id) => id === auctionId),
        `ends of auction ${auctionId}`,
      ).toHaveLength(1);
      const [last] = await db.query<StoredBid>(
        "select user_id, price_cents from bids where auction_id = $1 order by price_cents desc limit 1",
        [auctionId],
      );
      const [auction] = await db.query<{ winner_id: string; price_cents: number; ended_at: Date }>(
        "select winner_id, price_cents, ended_at from auctions where id = $1",
        [auctionId],
      );
      expect(auction).toMatchObject({ winner_id: last!.user_id, price_cents: last!.price_cents });
      expect(await db.query("select user_id, price_cents from fulfilments where auction_id = $1", [auctionId])).toEqual([
        { user_id: last!.user_id, price_cents: last!.price_cents },
      ]);
      expect((await db.query("select 1 from bids where auction_id = $1 and placed_at > $2", [auctionId, auction!.ended_at])).length).toBe(
        0,
      );
      for (const watcher of watchers) {
        await expect.poll(() => watcher.endsHeard(auctionId).length, { timeout: NOTICE_WITHIN_MS }).toBeGreaterThanOrEqual(1);
        expect(new Set(watcher.endsHeard(auctionId).map((state) => state.seq)).size, `distinct ends of ${auctionId} heard`).toBe(1);
      }
    }
  }, 90_000);
});
