// The live feed, a transport (decision 105): an auction's state goes to those who watch it (its own room at once, the
// rooms of its status lists in batches, decision 054); what else a domain publishes goes to one user's sockets or to
// the operators'. It reads nothing: each domain sends what it read or committed (auctions.feed.ts,
// fulfilment.feed.ts, wallet.feed.ts), after the event that says it changed (server/events).
import { cardState, type AuctionState, type AuctionStatus } from "../../contract";
import { feedPublishLagSeconds } from "../metrics/metrics";
import { rooms } from "./rooms";
import type { RealtimeServer } from "./socket";

/** The status lists an update reaches: after a status change the card leaves one list and joins the next. */
const LISTS_REACHED: Partial<Record<AuctionStatus, AuctionStatus[]>> = {
  Running: ["Waiting", "Running"],
  Ended: ["Running", "Ended"],
  Canceled: ["Waiting"],
};

/** Updates of one auction closer together than this go out as one `auction:updated`: the latest. */
export const COALESCE_MS = 5;

/** Where a domain's live events go: a user's sockets (all of them, whatever page they show), or every operator's. */
export type LiveAudience = Pick<ReturnType<RealtimeServer["to"]>, "emit">;

export type LiveFeed = {
  /** Auctions' states to their rooms and their status lists (coalesced and batched, see `createStateEmitter`). */
  sendStates(states: AuctionState[]): void;
  toUser(userId: string): LiveAudience;
  toOperators(): LiveAudience;
};

/**
 * A status list's updates closer together than this go out as one `auctions:updated` (decision 054): one frame at
 * 60 Hz. A busy list (hundreds of bids a second over its auctions) then costs its watchers one message a frame instead
 * of one a bid; an auction's own room is not batched.
 */
export const LIST_BATCH_MS = 16;

/**
 * Sends a key's first state at once and holds the ones that follow within `windowMs`; when the window closes, the
 * newest held state of each auction goes out in one call, which opens the next window. A burst of updates costs one
 * call per window instead of one per update. The latest state of an auction is never dropped; one not newer than what
 * the window has sent or holds is (a read racing a bid), and clients drop any older `seq` that still reaches them.
 */
export function windowedByKey<K>(windowMs: number, emit: (key: K, states: AuctionState[]) => void): (key: K, state: AuctionState) => void {
  const windows = new Map<K, { sentSeqs: Map<number, number>; held: Map<number, AuctionState> }>();
  const send = (key: K, states: AuctionState[]) => {
    emit(key, states);
    const window = { sentSeqs: new Map(states.map((state) => [state.id, state.seq])), held: new Map<number, AuctionState>() };
    windows.set(key, window);
    setTimeout(() => {
      windows.delete(key);
      if (window.held.size > 0) send(key, [...window.held.values()]);
    }, windowMs).unref();
  };
  return (key, state) => {
    const window = windows.get(key);
    if (!window) return send(key, [state]);
    if (state.seq > (window.held.get(state.id)?.seq ?? window.sentSeqs.get(state.id) ?? -1)) window.held.set(state.id, state);
  };
}

/** An auction's updates within `windowMs` go out as one: the first at once, then the newest of those that follow. */
export function coalescedByAuction(emit: (state: AuctionState) => void, windowMs: number): (state: AuctionState) => void {
  const byAuction = windowedByKey<number>(windowMs, (_id, states) => states.forEach(emit));
  return (state) => byAuction(state.id, state);
}

/**
 * Each update's state goes to its auction's room as `auction:updated` (after `coalescedByAuction`), and to the
 * status lists it reaches as `auctions:updated`, all lists in one window of `LIST_BATCH_MS`: a card that moves from
 * one list to the next within a window goes out once, in its newest state. A window's states go out as one message
 * for each set of lists they reach.
 */
export function createStateEmitter(io: Pick<RealtimeServer, "to">): (state: AuctionState) => void {
  const listsOf = (state: AuctionState) => (LISTS_REACHED[state.status] ?? [state.status]).join(",");
  const toLists = windowedByKey<"lists">(LIST_BATCH_MS, (_lists, states) => {
    const byLists = new Map<string, AuctionState[]>();
    for (const state of states) {
      const lists = listsOf(state);
      const group = byLists.get(lists);
      if (group) group.push(state);
      else byLists.set(lists, [state]);
    }
    for (const [lists, group] of byLists) io.to(lists.split(",").map(rooms.status)).emit("auctions:updated", group.map(cardState));
  });
  return coalescedByAuction((state) => {
    // `serverNow` is when the state was read or committed: what passed since is the feed's lag.
    feedPublishLagSeconds.observe(Math.max(0, Date.now() - state.serverNow) / 1000);
    io.to(rooms.auction(state.id)).emit("auction:updated", state);
    toLists("lists", state);
  }, COALESCE_MS);
}

export function createLiveFeed(io: RealtimeServer): LiveFeed {
  const emitState = createStateEmitter(io);
  return {
    sendStates: (states) => states.forEach((state) => emitState(state)),
    toUser: (userId) => io.to(rooms.user(userId)),
    toOperators: () => io.to(rooms.operators),
  };
}
