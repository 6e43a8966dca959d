// The feed benchmark's server, a child process so its CPU and memory are its own. "ours" is the whole app over a
// fresh database seeded with running auctions and enrolled bidders; "bare" is a socket.io server with no engine
// and no database that answers the same commands and broadcasts the same messages to the same rooms (through the
// app's own emitter: `auction:updated` to an auction's room, `auctions:updated` batched to the lists), as the
// baseline of what socket.io alone costs.
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";
import { Server } from "socket.io";
import type { AuctionState, ClientToServerEvents, ServerToClientEvents } from "../../contract";
import { buildApp } from "../../server/app";
import { RECENT_BIDS } from "../../server/auctions/auctions.queries";
import { loadConfig } from "../../server/config";
import { createStateEmitter } from "../../server/realtime/feed";
import { rooms } from "../../server/realtime/rooms";
import { openDatabase } from "../../server/db/database";
import { openBenchDatabase } from "../support/databases";
import { enrolEvenly, seedBidders, seedRunningAuctions } from "../support/seed";
import type { FromServer, ServerStart, ToServer } from "./protocol";

const send = (message: FromServer) => process.send?.(message);

type Running = { port: number; auctionIds: number[]; sessions: string[]; databaseUrl: string | null; close: () => Promise<void> };

/** The first process of a run makes and seeds the database; a second one serves the same database. */
async function databaseFor(start: ServerStart) {
  if (start.joinDatabaseUrl) {
    const db = await openDatabase({ kind: "postgres", url: start.joinDatabaseUrl });
    return { database: { db, url: undefined, drop: () => db.close() }, auctionIds: [], sessions: [] };
  }
  const database = await openBenchDatabase(start.database);
  const bidders = await seedBidders(database.db, start.auctions * start.biddersPerAuction);
  const auctionIds = await seedRunningAuctions(database.db, start.auctions, new Date());
  await enrolEvenly(database.db, auctionIds, bidders, start.biddersPerAuction);
  return { database, auctionIds, sessions: bidders.map((bidder) => bidder.sessionId) };
}

async function startOurs(start: ServerStart): Promise<Running> {
  const { database, auctionIds, sessions } = await databaseFor(start);
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    SEED_DEMO_DATA: "no",
    ...(start.redisUrl ? { REDIS_URL: start.redisUrl } : {}),
    ...(start.redisPubSub ? { REDIS_PUBSUB: start.redisPubSub } : {}),
  });
  const app = await buildApp({ config, db: database.db });
  await app.http.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.http.server.address() as AddressInfo;
  return {
    port,
    auctionIds,
    sessions,
    databaseUrl: database.url ?? null,
    close: async () => {
      await app.http.close();
      await database.drop();
    },
  };
}

/** An auction state shaped like the engine's (same fields, same sizes) for the bare server to send. */
function bareState(id: number, now: number): AuctionState {
  return {
    id,
    seq: 1,
    status: "Running",
    title: `Wireless noise-cancelling headphones #${id}`,
    image: "/products/headphones.jpg",
    retailValueCents: 29900,
    entryFeeCents: 0,
    priceCents: 0,
    startsAt: new Date(now).toISOString(),
    endsAt: new Date(now + 3_600_000).toISOString(),
    hardEndsAt: null,
    priceCapCents: null,
    resetSeconds: 15,
    minPreviousEntries: 0,
    maxPreviousWins: null,
    enrolmentClosesAt: null,
    enrolmentClosesAtPriceCents: null,
    realBiddersOnly: false,
    feeBackPercent: 0,
    seats: null,
    manualOnly: false,
    leaderName: null,
    winnerName: null,
    leaderId: null,
    winnerId: null,
    paymentLapsed: false,
    bidCount: 0,
    recentBids: [],
    finalHash: null,
    trueCost: null,
    serverNow: now,
  };
}

async function startBare(start: ServerStart): Promise<Running> {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { transports: ["websocket", "polling"], serveClient: false });
  const states = new Map<number, AuctionState>();
  for (let id = 1; id <= start.auctions; id++) states.set(id, bareState(id, Date.now()));
  const ok = { data: { ok: true as const } };
  // The app's own emitter: an auction's room hears each update, the lists hear them batched (decision 054).
  const emitState = createStateEmitter(io);

  io.on("connection", (socket) => {
    socket.on("auctions:watch", ({ status }, ack) => {
      void socket.join(rooms.status(status));
      ack(ok);
    });
    socket.on("auction:subscribe", ({ auctionId }, ack) => {
      const state = states.get(auctionId);
      if (!state) return ack({ error: { code: "AUCTION_STATE_MISSING", message: "No such auction." } });
      void socket.join(rooms.auction(auctionId));
      ack({ data: state });
    });
    socket.on("bid:place", ({ auctionId }, ack) => {
      const state = states.get(auctionId);
      if (!state) return ack({ error: { code: "AUCTION_STATE_MISSING", message: "No such auction." } });
      const now = Date.now();
      state.seq += 1;
      state.priceCents += 1;
      state.bidCount += 1;
      state.leaderName = `b${auctionId}_bench`;
      state.endsAt = new Date(now + state.resetSeconds * 1000).toISOString();
      state.recentBids = [
        {
          priceCents: state.priceCents,
          displayName: state.leaderName,
          placedAt: new Date(now).toISOString(),
          isAuto: false,
          hash: "0".repeat(64),
          label: null,
        },
        ...state.recentBids,
      ].slice(0, RECENT_BIDS);
      state.serverNow = now;
      emitState({ ...state });
      ack({ data: { priceCents: state.priceCents, endsAt: state.endsAt, hasEnded: false } });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    port,
    auctionIds: [...states.keys()],
    sessions: Array.from({ length: start.auctions * start.biddersPerAuction }, (_, index) => `bare-${index}`),
    databaseUrl: null,
    close: async () => {
      await io.close();
    },
  };
}

let running: Running | undefined;
let profileFile: string | undefined;
let profiler: Session | undefined;
let usageFrom = { cpu: process.cpuUsage(), at: performance.now() };
let peakRss = 0;
/** How late the event loop ran its timers in the window (a stall delays every ack and broadcast queued behind it). */
let loopDelay: IntervalHistogram | undefined;
/** Garbage-collection pauses in the window: how many, their sum and the longest. */
let gcPauses = { count: 0, totalMs: 0, maxMs: 0 };
const gcObserver = new PerformanceObserver((list) => {
  if (!loopDelay) return;
  for (const entry of list.getEntries()) {
    gcPauses = { count: gcPauses.count + 1, totalMs: gcPauses.totalMs + entry.duration, maxMs: Math.max(gcPauses.maxMs, entry.duration) };
  }
});
gcObserver.observe({ entryTypes: ["gc"] });
const rssSampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 250);
/** The parent starts this process with --expose-gc; measured after the window, so the pause costs it nothing. */
const liveHeapBytes = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};
const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

process.on("message", (message: ToServer) => {
  void (async () => {
    try {
      if (message.type === "start") {
        running = message.mode === "ours" ? await startOurs(message) : await startBare(message);
        profileFile = message.profileFile;
        send({
          type: "ready",
          port: running.port,
          auctionIds: running.auctionIds,
          sessions: running.sessions,
          databaseUrl: running.databaseUrl,
        });
      } else if (message.type === "usage-start") {
        if (profileFile) {
          profiler = new Session();
          profiler.connect();
          await profiler.post("Profiler.enable");
          await profiler.post("Profiler.start");
        }
        usageFrom = { cpu: process.cpuUsage(), at: performance.now() };
        peakRss = process.memoryUsage.rss();
        gcPauses = { count: 0, totalMs: 0, maxMs: 0 };
        loopDelay = monitorEventLoopDelay({ resolution: 5 });
        loopDelay.enable();
      } else if (message.type === "usage") {
        const cpu = process.cpuUsage(usageFrom.cpu);
        const memory = process.memoryUsage();
        const spaces = getHeapSpaceStatistics();
        const youngGeneration = spaces.find((space) => space.space_name === "new_space")?.space_size ?? 0;
        loopDelay?.disable();
        const nsToMs = (ns: number) => Math.round(ns / 1e4) / 100;
        const loop = loopDelay ? { p99Ms: nsToMs(loopDelay.percentile(99)), maxMs: nsToMs(loopDelay.max) } : { p99Ms: 0, maxMs: 0 };
        loopDelay = undefined;
        if (profiler && profileFile) {
          const { profile } = await profiler.post("Profiler.stop");
          profiler.disconnect();
          profiler = undefined;
          writeFileSync(profileFile, JSON.stringify(profile));
        }
        send({
          type: "usage",
          cpuMs: (cpu.user + cpu.system) / 1000,
          wallMs: performance.now() - usageFrom.at,
          rssMiB: mib(memory.rss),
          peakRssMiB: mib(Math.max(peakRss, memory.rss)),
          heapUsedMiB: mib(memory.heapUsed),
          heapCommittedMiB: mib(memory.heapTotal),
          youngGenerationMiB: mib(youngGeneration),
          heapSpaces: spaces
            .filter((space) => space.space_size >= 2 ** 20)
            .map((space) => ({ space: space.space_name, committedMiB: mib(space.space_size), usedMiB: mib(space.space_used_size) })),
          liveHeapMiB: mib(liveHeapBytes()),
          loopDelayP99Ms: loop.p99Ms,
          loopDelayMaxMs: loop.maxMs,
          gcCount: gcPauses.count,
          gcMs: Math.round(gcPauses.totalMs),
          gcMaxMs: Math.round(gcPauses.maxMs * 10) / 10,
        });
      } else if (message.type === "stop") {
        clearInterval(rssSampler);
        gcObserver.disconnect();
        await running?.close();
        send({ type: "stopped" });
        process.disconnect?.();
        setTimeout(() => process.exit(0), 200).unref();
      }
    } catch (error) {
      send({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
