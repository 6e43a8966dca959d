// Live subscriptions shared by every component of the page: each status list or auction is joined once however
// many components show it, left when the last one goes, and joined again after a reconnect. `onResync` lets the
// owner catch up over REST: a status list each time its watch is acknowledged, an auction after a reconnect.
import type { AuctionState } from "../../../../contract";
import { isSocketConnected, loadSocket, withSocket, type LiveSocket } from "../../../lib/socket";

type Listener = (state: AuctionState) => void;
type Topic = { kind: "status"; status: "Running" | "Waiting" | "Ended" } | { kind: "auction"; auctionId: number };

const topics = new Map<string, { topic: Topic; listeners: Set<Listener>; resyncs: Set<() => void> }>();
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
        if ("data" in answer) topics.get(key)?.resyncs.forEach((resync) => resync());
      });
    } else {
      socket.emit("auction:subscribe", { auctionId: topic.auctionId }, (answer) => {
        if ("data" in answer) topics.get(key)?.listeners.forEach((listener) => listener(answer.data));
      });
    }
  });
}

function wire() {
  if (isWired) return;
  isWired = true;
  void loadSocket().then(wireSocket, () => (isWired = false));
}

function wireSocket(socket: LiveSocket) {
  // An auction's room hears `auction:updated`, a status list's room `auctions:updated` (several states, decision 054);
  // a state reaches every topic that may show it, and each listener keeps only a newer one.
  const hand = (state: AuctionState) => {
    topics.get(`auction:${state.id}`)?.listeners.forEach((listener) => listener(state));
    for (const status of ["Running", "Waiting", "Ended"]) topics.get(`status:${status}`)?.listeners.forEach((listener) => listener(state));
  };
  socket.on("auction:updated", hand);
  socket.on("auctions:updated", (states) => states.forEach(hand));
  // After a reconnect, an auction's page also catches up over REST (its bids list, its own state).
  let hasConnectedBefore = socket.connected;
  socket.on("connect", () => {
    for (const entry of topics.values()) {
      join(entry.topic);
      if (hasConnectedBefore && entry.topic.kind === "auction") entry.resyncs.forEach((resync) => resync());
    }
    hasConnectedBefore = true;
  });
}

export function follow(topic: Topic, listener: Listener, onResync: () => void): () => void {
  wire();
  const key = keyOf(topic);
  let entry = topics.get(key);
  if (!entry) {
    entry = { topic, listeners: new Set(), resyncs: new Set() };
    topics.set(key, entry);
    if (isSocketConnected()) join(topic);
  }
  entry.listeners.add(listener);
  entry.resyncs.add(onResync);
  return () => {
    const current = topics.get(key);
    if (!current) return;
    current.listeners.delete(listener);
    current.resyncs.delete(onResync);
    if (current.listeners.size > 0) return;
    topics.delete(key);
    withSocket((socket) => {
      if (topic.kind === "status") socket.emit("auctions:unwatch", { status: topic.status }, () => undefined);
      else socket.emit("auction:unsubscribe", { auctionId: topic.auctionId }, () => undefined);
    });
  };
}
