// The live feed: after any change, the auction's whole state goes to those who watch it (its own room at once, the
// rooms of its status lists in batches, decision 054). The wallet's balance goes to its owner's sockets, and a won
// auction's fulfilment to its winner's (when the auction ends and at every step after). A bid that takes the lead
// tells the bidder it took it from, on all their sockets, whatever page they are on.
// Publishing follows a commit, so it never fails the caller: a failure is logged, and clients catch up with the next
// update of that auction or their resync after a reconnect (a newer `seq` or `version` replaces whatever they missed).
import type { FastifyBaseLogger } from "fastify";
import type { AuctionState, AuctionStatus } from "../../contract";
import type { PlacedBid } from "../auctions/engine";
import type { Database } from "../db/database";
import { auctionStates, cardState } from "../auctions/auctions.queries";
import { feesBackRecipients } from "../auctions/fees-back";
import { purchasesOf } from "../fulfilment/buy-now.queries";
import { fulfilmentsOf } from "../fulfilment/fulfilment.queries";
import { balanceCents } from "../wallet/wallet.service";
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

/** Every method resolves, never rejects: what was committed stays a success whatever the broadcast does. */
export type AuctionFeed = {
  /** Reads the auctions' live states and sends them. */
  publishAuctions(ids: number[]): Promise<void>;
  /** Sends states the caller already holds (a bid returns its auction's): no read. */
  publishStates(states: AuctionState[]): Promise<void>;
  publishWallet(userId: string): Promise<void>;
  publishFulfilments(auctionIds: number[]): Promise<void>;
  /**
   * A Buy it now purchase's fulfilment to its buyer's sockets (bought, and at every step after), and `buyNow:changed`
   * to the operators' room, first, so the back office's queue follows it.
   */
  publishPurchases(purchaseIds: number[]): Promise<void>;
  /** `auction:outbid` to the bidder each bid took the lead from (none for an auction's first bid). */
  publishOutbid(bids: Pick<PlacedBid, "auctionId" | "title" | "priceCents" | "bidderId" | "bidderName" | "outbidUserId" | "outbidHasPush">[]): Promise<void>;
  /** `auto-bid:changed` to the operators' sockets: a bidder set, changed or stopped an auto-bid. */
  publishAutoBid(auctionId: number): Promise<void>;
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

export function createAuctionFeed(io: RealtimeServer, db: Database, log: Pick<FastifyBaseLogger, "error">): AuctionFeed {
  const emitState = createStateEmitter(io);
  const feed: AuctionFeed = {
    async publishAuctions(ids) {
      await feed.publishStates(await auctionStates(db, [...new Set(ids)], undefined, ["Waiting", "Running", "Ended", "Canceled"]));
    },
    async publishStates(states) {
      for (const state of states) emitState(state);
      const ended = states.filter((state) => state.status === "Ended").map((state) => state.id);
      if (ended.length > 0) await feed.publishFulfilments(ended);
      // Fees back (decision 103): the losers' wallets moved with the end, whichever way it came.
      const feesBack = states.filter((state) => state.status === "Ended" && state.feeBackPercent > 0).map((state) => state.id);
      for (const userId of await feesBackRecipients(db, feesBack)) await feed.publishWallet(userId);
    },
    async publishWallet(userId) {
      io.to(rooms.user(userId)).emit("wallet:updated", { balance: (await balanceCents(db, userId)) / 100 });
    },
    async publishFulfilments(auctionIds) {
      for (const { winnerId, winnerEmail: _email, winnerDisplayName: _name, ...wonAuction } of await fulfilmentsOf(db, [...new Set(auctionIds)])) {
        io.to(rooms.user(winnerId)).emit("fulfilment:updated", wonAuction);
        io.to(rooms.operators).emit("fulfilment:changed", { auctionId: wonAuction.auctionId, state: wonAuction.state });
      }
    },
    async publishPurchases(purchaseIds) {
      for (const { buyerId, buyerEmail: _email, buyerDisplayName: _name, ...purchase } of await purchasesOf(db, [...new Set(purchaseIds)])) {
        io.to(rooms.operators).emit("buyNow:changed", { purchaseId: purchase.purchaseId, state: purchase.state });
        io.to(rooms.user(buyerId)).emit("buyNow:updated", purchase);
      }
    },
    async publishOutbid(bids) {
      for (const { auctionId, title, priceCents, bidderId, bidderName, outbidUserId } of bids) {
        if (outbidUserId === null || outbidUserId === bidderId) continue;
        io.to(rooms.user(outbidUserId)).emit("auction:outbid", { auctionId, title, priceCents, leaderName: bidderName });
      }
    },
    async publishAutoBid(auctionId) {
      io.to(rooms.operators).emit("auto-bid:changed", { auctionId });
    },
  };
  const logged =
    <A extends unknown[]>(what: string, publish: (...args: A) => Promise<void>) =>
    async (...args: A): Promise<void> => {
      try {
        await publish(...args);
      } catch (error) {
        log.error({ err: error, args }, `publishing ${what} failed; clients catch up on the next update`);
      }
    };
  return {
    publishAuctions: logged("auctions", feed.publishAuctions),
    publishStates: logged("auction states", feed.publishStates),
    publishWallet: logged("a wallet", feed.publishWallet),
    publishFulfilments: logged("fulfilments", feed.publishFulfilments),
    publishPurchases: logged("Buy it now purchases", feed.publishPurchases),
    publishOutbid: logged("outbid notices", feed.publishOutbid),
    publishAutoBid: logged("an auto-bid change", feed.publishAutoBid),
  };
}
