// One of the feed benchmark's client processes: opens its share of the sockets (WebSocket, like a browser's first
// choice), watches what each is told to, places its share of the bids with acks, and records when each auction
// state arrives (`auction:updated` from an auction's room, `auctions:updated` from a list: each state counts). Times
// are on the machine's monotonic clock, so the parent can pair them across processes.
import { io, type Socket } from "socket.io-client";
import type { AuctionCardState, BidAck, ClientToServerEvents, ServerToClientEvents } from "../../contract";
import { monotonicMs, sleep } from "../support/stats";
import type { FromWorker, SocketPlan, ToWorker, WorkerGo, WorkerStart } from "./protocol";

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const send = (message: FromWorker) => process.send?.(message);
const sockets: LiveSocket[] = [];
/** Each auction this worker bids on, with its bidders' sockets (they take turns, so nobody outbids themself). */
const bidding = new Map<number, { bidders: LiveSocket[]; turn: number }>();
/** Arrival times by "auctionId:priceCents", apart for an auction's room and a status list. */
const receipts = { auction: new Map<string, number[]>(), list: new Map<string, number[]>() };
const bids: [string, number, number][] = [];
const refusals: Record<string, number> = {};
let measured = { measureFrom: Infinity, stopAt: Infinity };
let messagesInWindow = 0;
let pending = 0;

function onUpdate(state: AuctionCardState, room: keyof typeof receipts) {
  const at = monotonicMs();
  if (at >= measured.measureFrom && at <= measured.stopAt) messagesInWindow += 1;
  const key = `${state.id}:${state.priceCents}`;
  const times = receipts[room].get(key);
  if (times) times.push(at);
  else receipts[room].set(key, [at]);
}

function ask<T>(emit: (ack: (answer: T) => void) => void, timeoutMs = 20_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no ack")), timeoutMs);
    emit((answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

async function open(url: string, plan: SocketPlan, localAddress?: string): Promise<LiveSocket> {
  const socket: LiveSocket = io(url, {
    transports: ["websocket"],
    ...(localAddress ? { localAddress } : {}),
    forceNew: true,
    reconnection: false,
    timeout: 30_000,
    ...(plan.role === "bidder" ? { extraHeaders: { cookie: `pennybid_session=${plan.sessionId}` } } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error) => reject(error));
  });
  socket.on("auction:updated", (state) => onUpdate(state, "auction"));
  socket.on("auctions:updated", (states) => states.forEach((state) => onUpdate(state, "list")));
  if (plan.role === "list") {
    await ask((ack) => socket.emit("auctions:watch", { status: "Running" }, ack));
  } else {
    await ask((ack) => socket.emit("auction:subscribe", { auctionId: plan.auctionId }, ack));
  }
  if (plan.role === "bidder") {
    const entry = bidding.get(plan.auctionId) ?? { bidders: [], turn: 0 };
    entry.bidders.push(socket);
    bidding.set(plan.auctionId, entry);
  }
  return socket;
}

async function connectAll(start: WorkerStart) {
  let connected = 0;
  let failed = 0;
  let firstError: string | null = null;
  let next = 0;
  const opener = async () => {
    while (next < start.sockets.length) {
      const index = next++;
      const plan = start.sockets[index];
      if (!plan) break;
      try {
        sockets.push(await open(start.urls[index % start.urls.length] ?? "", plan, start.localAddress));
        connected += 1;
      } catch (error) {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: start.connectConcurrency }, opener));
  send({ type: "connected", connected, failed, firstError });
}

/** Places bids at the worker's rate until stopAt: round-robin over its auctions, the auction's bidders in turn. */
async function bid(start: WorkerStart, go: WorkerGo) {
  measured = { measureFrom: go.measureFrom, stopAt: go.stopAt };
  const auctions = [...bidding.entries()];
  if (auctions.length === 0 || start.bidsPerSecond <= 0) return;
  const startedAt = monotonicMs();
  let placed = 0;
  let next = 0;
  while (monotonicMs() < go.stopAt) {
    const due = Math.floor(((monotonicMs() - startedAt) / 1000) * start.bidsPerSecond);
    for (; placed < due; placed++) {
      const [auctionId, entry] = auctions[next++ % auctions.length] ?? [];
      const socket = entry?.bidders[entry.turn++ % entry.bidders.length];
      if (!auctionId || !socket) continue;
      const sentAt = monotonicMs();
      pending += 1;
      socket.emit("bid:place", { auctionId }, (answer: BidAck) => {
        pending -= 1;
        const ackAt = monotonicMs();
        if ("data" in answer) bids.push([`${auctionId}:${answer.data.priceCents}`, sentAt, ackAt]);
        else if (sentAt >= go.measureFrom) refusals[answer.error.code] = (refusals[answer.error.code] ?? 0) + 1;
      });
    }
    await sleep(5);
  }
}

let start: WorkerStart | undefined;

process.on("message", (message: ToWorker) => {
  void (async () => {
    try {
      if (message.type === "start") {
        start = message;
        await connectAll(message);
      } else if (message.type === "go") {
        if (start) await bid(start, message);
      } else if (message.type === "collect") {
        if (pending > 0) refusals["NO_ACK_BY_END"] = pending;
        send({ type: "result", bids, receipts: { auction: [...receipts.auction], list: [...receipts.list] }, refusals, messagesInWindow });
      } else if (message.type === "stop") {
        for (const socket of sockets) socket.disconnect();
        process.disconnect?.();
        setTimeout(() => process.exit(0), 200).unref();
      }
    } catch (error) {
      send({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  })();
});
