// Live subscriptions shared by every component of the page: each status list or auction is joined once however
// many components show it, left when the last one goes, and joined again after a reconnect. `onResync` lets the
// owner catch up over REST: a status list each time its watch is acknowledged, an auction after a reconnect.
import type { AuctionCardState, AuctionState } from "../../../../contract";
import { isSocketConnected, isSocketDown, loadSocket, withSocket, type LiveSocket } from "../../../lib/socket";

type StatusTopic = { kind: "status"; status: "Running" | "Waiting" | "Ended" };
type AuctionTopic = { kind: "auction"; auctionId: number };
type Topic = StatusTopic | AuctionTopic;
/** What a topic's listeners hear: a status list, the states its cards show; an auction, its whole state (decision 056). */
type Listener<T extends Topic> = (state: T extends StatusTopic ? AuctionCardState : AuctionState) => void;

// A listener is stored as one of a status topic, which takes any card state: an auction's listeners are only handed
// whole states (`hand` below), so the narrower parameter they declare always holds.
// `isWatched`: the topic's join is acknowledged on the current connection; `waiters`: reads waiting for that.
type Entry = {
  topic: Topic;
  listeners: Set<Listener<StatusTopic>>;
  resyncs: Set<() => void>;
  isWatched: boolean;
  waiters: Set<() => void>;
};
const topics = new Map<string, Entry>();
let isWired = false;

const keyOf = (topic: Topic) => (topic.kind === "status" ? `status:${topic.status}` : `auction:${topic.auctionId}`);

/**
 * Joins the topic's room. What the page read over REST before the join was acknowledged may have changed in between
 * unseen (a list read, then an auction started before the watch took effect): once joined, a status list catches up
 * over REST, and an auction takes the state its subscription answers with (listeners keep only a newer one).
 */
function join(topic: Topic) {
  const key = keyOf(topic);
  withSocket((socket) => {
    if (topic.kind === "status") {
      socket.emit("auctions:watch", { status: topic.status }, (answer) => {
        const entry = topics.get(key);
        if (!entry || !("data" in answer)) return;
        entry.isWatched = true;
        entry.resyncs.forEach((resync) => resync());
        releaseWaiters(entry);
      });
    } else {
      socket.emit("auction:subscribe", { auctionId: topic.auctionId }, (answer) => {
        if ("data" in answer) topics.get(key)?.listeners.forEach((listener) => listener(answer.data));
      });
    }
  });
}

function releaseWaiters(entry: Entry) {
  const waiters = [...entry.waiters];
  entry.waiters.clear();
  waiters.forEach((release) => release());
}

/** The socket is down (or its code could not load): no watch is coming, reads waiting for one go on without it. */
function lostWatches() {
  for (const entry of topics.values()) {
    entry.isWatched = false;
    releaseWaiters(entry);
  }
}

function wire() {
  if (isWired) return;
  isWired = true;
  void loadSocket().then(wireSocket, () => {
    isWired = false;
    lostWatches();
  });
}

function wireSocket(socket: LiveSocket) {
  // An auction's room hears `auction:updated`, its whole state, and reaches every topic that may show it. A status
  // list's room hears `auctions:updated`, several cards' states (decisions 054, 056), which reach the status lists
  // only: an auction's page keeps its recent bids. Each listener keeps only a newer state.
  const handToLists = (state: AuctionCardState) => {
    for (const status of ["Running", "Waiting", "Ended"]) topics.get(`status:${status}`)?.listeners.forEach((listener) => listener(state));
  };
  socket.on("auction:updated", (state) => {
    topics.get(`auction:${state.id}`)?.listeners.forEach((listener) => listener(state));
    handToLists(state);
  });
  socket.on("auctions:updated", (states) => states.forEach(handToLists));
  // After a reconnect, an auction's page also catches up over REST (its bids list, its own state).
  socket.on("disconnect", lostWatches);
  socket.on("connect_error", lostWatches);
  let hasConnectedBefore = socket.connected;
  socket.on("connect", () => {
    for (const entry of topics.values()) {
      join(entry.topic);
      if (hasConnectedBefore && entry.topic.kind === "auction") entry.resyncs.forEach((resync) => resync());
    }
    hasConnectedBefore = true;
  });
}

export function follow<T extends Topic>(topic: T, listener: Listener<T>, onResync: () => void): () => void {
  wire();
  const key = keyOf(topic);
  let entry = topics.get(key);
  if (!entry) {
    entry = { topic, listeners: new Set(), resyncs: new Set(), isWatched: false, waiters: new Set() };
    topics.set(key, entry);
    if (isSocketConnected()) join(topic);
  }
  entry.listeners.add(listener as Listener<StatusTopic>);
  entry.resyncs.add(onResync);
  return () => {
    const current = topics.get(key);
    if (!current) return;
    current.listeners.delete(listener as Listener<StatusTopic>);
    current.resyncs.delete(onResync);
    if (current.listeners.size > 0) return;
    topics.delete(key);
    releaseWaiters(current);
    withSocket((socket) => {
      if (topic.kind === "status") socket.emit("auctions:unwatch", { status: topic.status }, () => undefined);
      else socket.emit("auction:unsubscribe", { auctionId: topic.auctionId }, () => undefined);
    });
  };
}

/**
 * Resolves once the status list's watch is acknowledged, so that a read of the list sent then misses nothing: every
 * change after it comes by the feed, and the read needs no catch-up after it. At once when nobody follows the list or
 * the socket is down: a read never waits for a feed that is not coming (the lists poll REST meanwhile).
 */
export function untilWatched(status: StatusTopic["status"]): Promise<void> {
  const entry = topics.get(keyOf({ kind: "status", status }));
  if (!entry || entry.isWatched || isSocketDown()) return Promise.resolve();
  return new Promise((resolve) => entry.waiters.add(resolve));
}
