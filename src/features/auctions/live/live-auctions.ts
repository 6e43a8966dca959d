// Live subscriptions shared by every component of the page: each status list or auction is joined once however
// many components show it, left when the last one goes, and joined again after a reconnect (then `onResync`
// lets the owner catch up over REST).
import type { AuctionState } from "../../../../contract";
import { isSocketConnected, loadSocket, withSocket, type LiveSocket } from "../../../lib/socket";

type Listener = (state: AuctionState) => void;
type Topic = { kind: "status"; status: "Running" | "Waiting" | "Ended" } | { kind: "auction"; auctionId: number };

const topics = new Map<string, { topic: Topic; listeners: Set<Listener>; resyncs: Set<() => void> }>();
let isWired = false;

const keyOf = (topic: Topic) => (topic.kind === "status" ? `status:${topic.status}` : `auction:${topic.auctionId}`);

function join(topic: Topic) {
  withSocket((socket) => {
    if (topic.kind === "status") socket.emit("auctions:watch", { status: topic.status }, () => undefined);
    else socket.emit("auction:subscribe", { auctionId: topic.auctionId }, () => undefined);
  });
}

function wire() {
  if (isWired) return;
  isWired = true;
  void loadSocket().then(wireSocket, () => (isWired = false));
}

function wireSocket(socket: LiveSocket) {
  socket.on("auction:updated", (state) => {
    topics.get(`auction:${state.id}`)?.listeners.forEach((listener) => listener(state));
    for (const status of ["Running", "Waiting", "Ended"]) topics.get(`status:${status}`)?.listeners.forEach((listener) => listener(state));
  });
  let hasConnectedBefore = socket.connected;
  socket.on("connect", () => {
    for (const entry of topics.values()) {
      join(entry.topic);
      if (hasConnectedBefore) entry.resyncs.forEach((resync) => resync());
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
