// Messages between the feed benchmark's parent and its child processes (Node IPC; plain JSON).
import type { RedisPubSub } from "../../server/config";
import type { DatabaseKind } from "../support/databases";

/** "ours": the whole app (engine, database, feed); "bare": a socket.io server that only broadcasts. */
export type ServerMode = "ours" | "bare";

export type ServerStart = {
  type: "start";
  mode: ServerMode;
  database: DatabaseKind;
  auctions: number;
  biddersPerAuction: number;
  /** Shares the feed with other processes through this Redis (socket.io's Redis adapter), as production does. */
  redisUrl?: string;
  /** How the processes share the feed on Redis (REDIS_PUBSUB: "sharded" or "classic"). */
  redisPubSub?: RedisPubSub;
  /** A second process: serves the first one's database (no seeding) instead of making its own. */
  joinDatabaseUrl?: string;
  /** Writes a CPU profile of the measured window (from `usage-start` to `usage`) to this file. */
  profileFile?: string;
};

export type ServerReady = {
  type: "ready";
  port: number;
  auctionIds: number[];
  /** Session ids by auction: auction i's bidders are sessions[i·k … i·k+k−1] (cookie values; unused by "bare"). */
  sessions: string[];
  /** The PostgreSQL database made for this run, if any (the parent drops it too, should the server be killed). */
  databaseUrl: string | null;
};

export type ServerUsage = {
  type: "usage";
  /** User + system CPU time of the server process since `usage-start`, in ms. */
  cpuMs: number;
  wallMs: number;
  rssMiB: number;
  peakRssMiB: number;
  heapUsedMiB: number;
  /** The heap still in use after a full garbage collection, taken after the window: live objects, not garbage. */
  liveHeapMiB: number;
  /** V8's heap as committed at the window's end (what of it counts in RSS), and of it the young generation's two
   * semi-spaces, whose largest size each Node major sets differently (decision 096). */
  heapCommittedMiB: number;
  youngGenerationMiB: number;
  /** V8's heap by space, committed and in use, in MiB (spaces of 1 MiB or more; with two processes, the first's). */
  heapSpaces: { space: string; committedMiB: number; usedMiB: number }[];
  /** The event loop's delay in the window (monitorEventLoopDelay, 5 ms resolution): 99th percentile and longest. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Garbage-collection pauses in the window: count, total and longest (PerformanceObserver "gc"). */
  gcCount: number;
  gcMs: number;
  gcMaxMs: number;
};

export type ToServer = ServerStart | { type: "usage-start" } | { type: "usage" } | { type: "stop" };
export type FromServer = ServerReady | ServerUsage | { type: "stopped" } | { type: "failed"; message: string };

/** One socket a client worker opens: a home-page list watcher, a detail-page watcher, or a bidder (who also watches). */
export type SocketPlan =
  { role: "list" } | { role: "auction"; auctionId: number } | { role: "bidder"; auctionId: number; sessionId: string };

export type WorkerStart = {
  type: "start";
  /** The server processes: socket i of this worker connects to urls[i mod n], so an auction's bidders and watchers
   * are spread over all of them. */
  urls: string[];
  sockets: SocketPlan[];
  /** Bids per second this worker places (round-robin over its bidders' auctions, bidders taking turns). */
  bidsPerSecond: number;
  connectConcurrency: number;
  /** The loopback address this worker's sockets connect from: one address has about 28,000 ports to connect from. */
  localAddress?: string;
};

export type WorkerGo = { type: "go"; measureFrom: number; stopAt: number };

export type WorkerResult = {
  type: "result";
  /** [key "auctionId:priceCents", sentAt, ackAt] of accepted bids (monotonic ms, the same clock in every process). */
  bids: [string, number, number][];
  /**
   * Key → arrival times of a state carrying that price, over all this worker's sockets: from an auction's room
   * (`auction:updated`) and from a status list (`auctions:updated`).
   */
  receipts: { auction: [string, number[]][]; list: [string, number[]][] };
  /** Refused or failed bids by code, and bids without an ack by the end. */
  refusals: Record<string, number>;
  /** Auction states received between measureFrom and stopAt (each state of a list's `auctions:updated` counts as one). */
  messagesInWindow: number;
};

export type ToWorker = WorkerStart | WorkerGo | { type: "collect" } | { type: "stop" };
export type FromWorker =
  { type: "connected"; connected: number; failed: number; firstError: string | null } | WorkerResult | { type: "failed"; message: string };
