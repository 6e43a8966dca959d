// Two real server processes on one PostgreSQL database and one Redis: a bid through either reaches watchers on both,
// each auction ends exactly once while both tick, and after one process is killed (SIGKILL) mid-run its clients
// move to the other and catch up; no acknowledged bid is lost. Needs DATABASE_URL and REDIS_URL (.ci/run sets both).
// Always: a server whose Redis cannot be reached refuses to start, naming REDIS_URL.
import { randomBytes } from "node:crypto";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import {
  AuctionState,
  BidAck,
  BidChainResponse,
  SubscribeAck,
  WalletUpdated,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "../../contract";
import { hashPassword } from "../../server/accounts/passwords";
import { enrol } from "../../server/auctions/engine";
import { TestClient } from "../support/client";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { at, createAuction, createBidder } from "../support/fixtures";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process";

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const missing = ["DATABASE_URL", "REDIS_URL"].filter((name) => !process.env[name]);
const title =
  missing.length === 0
    ? "several server processes on one PostgreSQL and one Redis"
    : `several server processes: skipped, ${missing.join(" and ")} not set (PostgreSQL and Redis on loopback; .ci/run sets both)`;

if (missing.length > 0) console.warn(title);

const servers: ServerProcess[] = [];
const clients: FailoverSocket[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  clients.forEach((client) => client.close());
  await Promise.all(servers.map((server) => server.kill("SIGKILL")));
  await database?.drop();
});

/**
 * A socket.io client that knows every process's URL. When its process dies it connects to the next live one, as a
 * browser behind the reverse proxy would, and runs `onConnect` again (subscribe: the ack carries the current state).
 */
class FailoverSocket {
  socket!: LiveSocket;
  connectedTo = "";
  failovers = 0;
  private isClosed = false;
  private readonly setups: ((socket: LiveSocket) => void)[] = [];

  constructor(
    private readonly urls: string[],
    private readonly cookie: string | undefined,
    private readonly onConnect: (client: FailoverSocket) => Promise<void> = async () => undefined,
  ) {}

  /** Listeners attached to every socket this client opens. */
  listen(setup: (socket: LiveSocket) => void): void {
    this.setups.push(setup);
    setup(this.socket);
  }

  async start(first: string): Promise<void> {
    await this.connect([first, ...this.urls.filter((url) => url !== first)]);
  }

  close(): void {
    this.isClosed = true;
    this.socket?.disconnect();
  }

  private async connect(candidates: string[]): Promise<void> {
    for (let round = 0; round < 20 && !this.isClosed; round++) {
      for (const url of candidates) {
        const socket: LiveSocket = connect(url, {
          transports: ["websocket"],
          forceNew: true,
          reconnection: false,
          timeout: 2000,
          extraHeaders: this.cookie ? { Cookie: this.cookie } : {},
        });
        const isUp = await new Promise<boolean>((resolve) => {
          socket.once("connect", () => resolve(true));
          socket.once("connect_error", () => resolve(false));
        });
        if (!isUp) {
          socket.close();
          continue;
        }
        this.socket = socket;
        this.connectedTo = url;
        this.setups.forEach((setup) => setup(socket));
        socket.once("disconnect", () => {
          if (this.isClosed) return;
          this.failovers += 1;
          void this.connect([...this.urls.filter((other) => other !== url), url]);
        });
        await this.onConnect(this);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** What a watcher shows: per auction the newest state by `seq` (older or equal ones dropped, like the SPA). */
class Watcher {
  readonly shown = new Map<number, AuctionState>();
  readonly ended = new Map<number, AuctionState[]>();
  liveUpdates = 0;

  constructor(readonly auctionIds: number[]) {}

  apply(raw: unknown, isLive: boolean): void {
    const state = AuctionState.parse(raw);
    if (!this.auctionIds.includes(state.id)) return;
    if (isLive) this.liveUpdates += 1;
    if (state.status === "Ended" && isLive) this.ended.set(state.id, [...(this.ended.get(state.id) ?? []), state]);
    const current = this.shown.get(state.id);
    if (!current || state.seq > current.seq) this.shown.set(state.id, state);
  }

  /** Subscribes to every auction; the acks carry the current states, so a reconnected watcher catches up at once. */
  async subscribe(client: FailoverSocket): Promise<void> {
    for (const auctionId of this.auctionIds) {
      const answer = SubscribeAck.parse(await client.socket.timeout(5000).emitWithAck("auction:subscribe", { auctionId }));
      if (!("data" in answer)) throw new Error(`subscribe refused: ${answer.error.code}`);
      this.apply(answer.data, false);
    }
  }
}

/** Every "auction lifecycle" log line of a process: which auctions it moved to which status. */
function transitionsIn(output: string): { auctionId: number; status: string }[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"auction lifecycle"'))
    .flatMap((line) => (JSON.parse(line) as { transitions: { auctionId: number; status: string }[] }).transitions);
}

/**
 * What the processes of one installation share: the database, Redis, the session secret. Info logs carry every
 * lifecycle transition (a test counts the ends each process made) and the drain's word.
 */
const sharedEnvironment = (shared: TestDatabase) => ({
  DATABASE_URL: shared.databaseUrl!,
  REDIS_URL: process.env.REDIS_URL!,
  SESSION_SECRET: randomBytes(32).toString("hex"),
  DATA_DIR: "memory://",
  LOG_LEVEL: "info",
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first `event` on `socket`, or a failure naming what did not arrive. */
function nextEvent<E extends keyof ServerToClientEvents>(socket: LiveSocket, event: E, what: string, ms = 5000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
    socket.once(event, ((payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}

describe("a server with REDIS_URL", () => {
  it("does not start when Redis cannot be reached, and says so naming REDIS_URL", async () => {
    const closedPort = await freePort();
    const outcome = await startServerProcess({
      REDIS_URL: `redis://127.0.0.1:${closedPort}`,
      DATABASE_URL: "",
      DATA_DIR: "memory://",
    }).then(
      (server) => {
        servers.push(server);
        return "started";
      },
      (error: unknown) => String(error),
    );
    expect(outcome).toContain(`REDIS_URL: cannot reach Redis at 127.0.0.1:${closedPort}`);
  }, 60_000);
});

describe.skipIf(missing.length > 0)(title, () => {
  it("shares bids and ends between processes, and survives a kill -9 of one of them", async () => {
    database = await openTestDatabase();
    const { db } = database;
    const env = sharedEnvironment(database);
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const urls = [a.url, b.url];

    // Six bidders, signed in over REST (sessions live in the database); half connect to A, half to B.
    const passwordHash = await hashPassword("Secret1!");
    const bidders = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const row = await createBidder(db, { passwordHash, balanceCents: 500 });
        const home = i % 2 === 0 ? a.url : b.url;
        const rest = new TestClient(home, `10.50.0.${i + 1}`);
        expect((await rest.post("/authn/sign-in", { email: row.email, password: "Secret1!" })).status).toBe(200);
        const live = new FailoverSocket(urls, rest.cookieHeader);
        await live.start(home);
        clients.push(live);
        return { ...row, home, rest, live };
      }),
    );
    const onA = bidders[0]!;
    const viaB = new TestClient(b.url, "10.50.0.1");
    expect((await viaB.post("/authn/sign-in", { email: onA.email, password: "Secret1!" })).status).toBe(200);

    // Three auctions, made once everyone is signed in: "early" ends while both processes tick; the two "running"
    // ones go on past the kill.
    const now = new Date();
    const early = await createAuction(db, now, { entryFeeCents: 100, resetSeconds: 5, endsAt: at(now, 12) });
    const running = [
      await createAuction(db, now, { entryFeeCents: 0, resetSeconds: 5, endsAt: at(now, 20), hardEndsAt: at(now, 90) }),
      await createAuction(db, now, { entryFeeCents: 0, resetSeconds: 5, endsAt: at(now, 20), hardEndsAt: at(now, 90) }),
    ];
    const auctionIds = [early, ...running];
    for (const bidder of bidders) for (const auctionId of running) await enrol(db, bidder.id, auctionId, now);

    const watchers = await Promise.all(
      [a.url, b.url].map(async (home) => {
        const watcher = new Watcher(auctionIds);
        const live = new FailoverSocket(urls, undefined, (client) => watcher.subscribe(client));
        await live.start(home);
        live.listen((socket) => socket.on("auction:updated", (state) => watcher.apply(state, true)));
        clients.push(live);
        return { watcher, live };
      }),
    );
    const [watcherA, watcherB] = watchers as [(typeof watchers)[0], (typeof watchers)[0]];
    expect([watcherA.live.connectedTo, watcherB.live.connectedTo]).toEqual([a.url, b.url]);

    // A wallet change made through B reaches the owner's socket on A (user rooms cross processes too).
    const wallet = nextEvent(onA.live.socket, "wallet:updated", "wallet update on A after an enrolment through B");
    expect((await viaB.post(`/api/auctions/${early}/enrol`)).status).toBe(200);
    expect(WalletUpdated.parse(await wallet)).toEqual({ balance: 4 });

    // A bid through B is seen by the watcher connected to A, and the other way round.
    const onB = bidders[1]!;
    await enrol(db, onB.id, early, new Date());
    const throughB = BidAck.parse(await onB.live.socket.timeout(5000).emitWithAck("bid:place", { auctionId: early }));
    expect(throughB).toMatchObject({ data: { priceCents: 1 } });
    await expect.poll(() => watcherA.watcher.shown.get(early)?.leaderName).toBe(onB.displayName);
    const throughA = BidAck.parse(await onA.live.socket.timeout(5000).emitWithAck("bid:place", { auctionId: early }));
    expect(throughA).toMatchObject({ data: { priceCents: 2 } });
    await expect.poll(() => watcherB.watcher.shown.get(early)?.leaderName).toBe(onA.displayName);

    // Bidders take turns on the running auctions, ~8 bids a second in all, each through its own process.
    const acked: { auctionId: number; priceCents: number; home: string; via: string; afterKill: boolean }[] = [];
    let isKilled = false;
    let isBidding = true;
    const burst = (async () => {
      for (let turn = 0; isBidding; turn++) {
        const bidder = bidders[turn % bidders.length]!;
        const auctionId = running[Math.floor(turn / bidders.length) % running.length]!;
        const via = bidder.live.connectedTo;
        const afterKill = isKilled;
        void bidder.live.socket
          .timeout(5000)
          .emitWithAck("bid:place", { auctionId })
          .then(
            (raw) => {
              const answer = BidAck.parse(raw);
              if ("data" in answer) acked.push({ auctionId, priceCents: answer.data.priceCents, home: bidder.home, via, afterKill });
            },
            () => undefined, // no answer (the process died with it in flight): not acknowledged, nothing to check
          );
        await pause(125);
      }
    })();

    // "early" ends while both processes tick: exactly one of them moves it, both watchers see one end.
    await expect.poll(() => watcherA.watcher.shown.get(early)?.status, { timeout: 20_000 }).toBe("Ended");
    await expect.poll(() => watcherB.watcher.shown.get(early)?.status).toBe("Ended");
    await expect.poll(() => acked.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(10);

    await a.kill("SIGKILL");
    isKilled = true;
    expect(a.child.signalCode).toBe("SIGKILL");
    const ackedBeforeKill = acked.length;

    // A's clients move to B and carry on: bids through B, the watcher caught up by its subscribe acks.
    await expect.poll(() => watcherA.live.connectedTo, { timeout: 10_000 }).toBe(b.url);
    for (const bidder of bidders) await expect.poll(() => bidder.live.connectedTo, { timeout: 10_000 }).toBe(b.url);
    await expect.poll(() => acked.filter((bid) => bid.afterKill).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(6);
    isBidding = false;
    await burst;
    await pause(500); // answers still on their way
    expect(acked.length).toBeGreaterThan(ackedBeforeKill);

    // Both running auctions end (B's clock alone now), watched by both watchers, A's through B.
    const visitor = new TestClient(b.url);
    const finalStates = new Map<number, AuctionState>();
    for (const auctionId of auctionIds) {
      await expect
        .poll(async () => AuctionState.parse((await visitor.get(`/api/auctions/${auctionId}`)).body).status, {
          timeout: 40_000,
          interval: 500,
        })
        .toBe("Ended");
      finalStates.set(auctionId, AuctionState.parse((await visitor.get(`/api/auctions/${auctionId}`)).body));
    }

    // No acknowledged bid lost: each is a link of its auction's chain, and the chains verify.
    for (const auctionId of auctionIds) {
      const chain = BidChainResponse.parse((await visitor.get(`/api/auctions/${auctionId}/chain`)).body);
      expect(chain.isValid).toBe(true);
      const prices = new Set(chain.links.map((link) => link.priceCents));
      for (const bid of acked.filter((one) => one.auctionId === auctionId)) {
        expect(prices, `acknowledged bid at ${bid.priceCents} cents on auction ${auctionId} via ${bid.via}`).toContain(bid.priceCents);
      }
      const final = finalStates.get(auctionId)!;
      expect(final.winnerName).toBe(chain.links.at(-1)?.displayName);
      expect(final.finalHash).toBe(chain.links.at(-1)?.hash);
    }
    expect(acked.some((bid) => bid.via === a.url)).toBe(true);
    expect(
      acked.some((bid) => bid.afterKill && bid.home === a.url && bid.via === b.url),
      "a bid of A's clients through B",
    ).toBe(true);

    // Exactly one end per auction: one "Ended" transition across both processes' logs, one end seen by each watcher.
    const ends = [...transitionsIn(a.output()), ...transitionsIn(b.output())].filter((t) => t.status === "Ended");
    for (const auctionId of auctionIds)
      expect(
        ends.filter((t) => t.auctionId === auctionId),
        `ends of ${auctionId}`,
      ).toHaveLength(1);
    for (const { watcher } of watchers) {
      for (const auctionId of auctionIds) {
        await expect.poll(() => watcher.shown.get(auctionId)?.seq, { timeout: 5000 }).toBe(finalStates.get(auctionId)!.seq);
        const seen = watcher.ended.get(auctionId) ?? [];
        expect(new Set(seen.map((state) => state.seq)).size, `distinct ends of ${auctionId} seen`).toBe(1);
        expect(watcher.shown.get(auctionId)).toMatchObject({
          status: "Ended",
          priceCents: finalStates.get(auctionId)!.priceCents,
          winnerName: finalStates.get(auctionId)!.winnerName,
        });
      }
    }
    // The watcher that lost its process saw live updates after moving (not only what the subscribe acks carried).
    expect(watcherA.live.failovers).toBe(1);
    expect(watcherA.watcher.ended.get(running[0]!)?.length).toBeGreaterThanOrEqual(1);
  }, 150_000);
});

describe.skipIf(missing.length > 0)(`${title}: a rolling restart`, () => {
  it("loses no acknowledged bid while each process in turn is stopped with SIGTERM, drains and is started again", async () => {
    const restartDatabase = await openTestDatabase();
    const { db } = restartDatabase;
    const env = sharedEnvironment(restartDatabase);
    try {
      const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      servers.push(a, b);
      // The proxy's list of processes: each restarted process takes the place of the one it replaces.
      const urls = [a.url, b.url];

      const passwordHash = await hashPassword("Secret1!");
      const now = new Date();
      const auctionId = await createAuction(db, now, {
        entryFeeCents: 0,
        resetSeconds: 60,
        endsAt: at(now, 120),
        hardEndsAt: at(now, 300),
      });
      const bidders = await Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          const row = await createBidder(db, { passwordHash, balanceCents: 500 });
          await enrol(db, row.id, auctionId, now);
          const home = urls[i % 2]!;
          const rest = new TestClient(home, `10.57.2.${i + 1}`);
          expect((await rest.post("/authn/sign-in", { email: row.email, password: "Secret1!" })).status).toBe(200);
          const live = new FailoverSocket(urls, rest.cookieHeader);
          await live.start(home);
          clients.push(live);
          return { ...row, live };
        }),
      );

      // Bidders take turns, about eight bids a second through whichever process each is connected to.
      const acked: { priceCents: number; via: string }[] = [];
      let isBidding = true;
      const burst = (async () => {
        for (let turn = 0; isBidding; turn++) {
          const bidder = bidders[turn % bidders.length]!;
          const via = bidder.live.connectedTo;
          if (bidder.live.socket.connected) {
            void bidder.live.socket
              .timeout(5000)
              .emitWithAck("bid:place", { auctionId })
              .then(
                (raw) => {
                  const answer = BidAck.parse(raw);
                  if ("data" in answer) acked.push({ priceCents: answer.data.priceCents, via });
                },
                () => undefined, // no answer: not acknowledged, nothing to check
              );
          }
          await pause(125);
        }
      })();

      const restart = async (old: ServerProcess) => {
        const ackedBefore = acked.length;
        await old.kill("SIGTERM");
        // A clean drain: the process exits by itself, with 0, having answered what it was given.
        expect(old.child.exitCode, old.output()).toBe(0);
        expect(old.output()).toContain("drained");
        const fresh = await startServerProcess(env);
        servers.push(fresh);
        urls[urls.indexOf(old.url)] = fresh.url;
        await expect.poll(() => acked.length, { timeout: 15_000 }).toBeGreaterThan(ackedBefore + 4);
        return fresh;
      };
      await expect.poll(() => acked.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
      const a2 = await restart(a);
      await restart(b);
      // Every bidder ends up on a process that was started again, and bids through it.
      for (const bidder of bidders) await expect.poll(() => urls.includes(bidder.live.connectedTo), { timeout: 10_000 }).toBe(true);
      const ackedAfterBoth = acked.length;
      await expect.poll(() => acked.length, { timeout: 15_000 }).toBeGreaterThan(ackedAfterBoth + 4);
      isBidding = false;
      await burst;
      await pause(500); // answers still on their way

      // No acknowledged bid lost: each is a link of the auction's chain, which verifies.
      const chain = BidChainResponse.parse((await new TestClient(a2.url).get(`/api/auctions/${auctionId}/chain`)).body);
      expect(chain.isValid).toBe(true);
      const prices = new Set(chain.links.map((link) => link.priceCents));
      for (const bid of acked) expect(prices, `acknowledged bid at ${bid.priceCents} cents via ${bid.via}`).toContain(bid.priceCents);
      expect(new Set(acked.map((bid) => bid.via)).size).toBeGreaterThanOrEqual(3);
    } finally {
      await restartDatabase.drop();
    }
  }, 120_000);
});
