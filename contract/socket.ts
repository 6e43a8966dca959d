// socket.io events, as zod schemas so both ends parse at run time (socket.io's types are compile-time only).
// Names follow `entity:verb`: commands imperative, broadcasts past tense. Every command acks `{ data } | { error }`.
import { z } from "./zod";
import { AuctionState, BidResponse, EnrolResponse, publicStatuses, type AuctionCardState } from "./auctions";
import { ApiErrorBody } from "./errors";
import { Id } from "./input";
import type { BuyNowPurchase } from "./buy-now";
import { FulfilmentState, type WonAuction } from "./fulfilment";
import { PageVisibilityPayload } from "./push";
import type { ClockSyncAck } from "./clock";

export { ClockSyncAck } from "./clock";

export const WatchStatusPayload = z.object({ status: z.enum(publicStatuses) });
export const AuctionPayload = z.object({ auctionId: Id });

const ack = <T extends z.ZodType>(data: T) => z.union([z.object({ data }), ApiErrorBody]);
export const SubscribeAck = ack(AuctionState);
export const EnrolAck = ack(EnrolResponse);
export const BidAck = ack(BidResponse);
export const PlainAck = ack(z.object({ ok: z.literal(true) }));
export type SubscribeAck = z.infer<typeof SubscribeAck>;
export type EnrolAck = z.infer<typeof EnrolAck>;
export type BidAck = z.infer<typeof BidAck>;
export type PlainAck = z.infer<typeof PlainAck>;

export const WalletUpdated = z.object({ balance: z.number() });

/**
 * Sent to one bidder only, wherever their pages are: another bidder has just taken the lead from them. The price and
 * the new leader are those of that bid (the auction's own updates go on through `auction:updated`).
 */
export const AuctionOutbid = z.object({
  auctionId: z.number().int(),
  title: z.string(),
  priceCents: z.number().int(),
  leaderName: z.string(),
});
export type AuctionOutbid = z.infer<typeof AuctionOutbid>;

/** To a bidder whose auto-bid an operator's switch to manual bids only removed (decision 111). */
export const AutoBidRemoved = z.object({ auctionId: z.number().int(), title: z.string() });
export type AutoBidRemoved = z.infer<typeof AutoBidRemoved>;

/** To operators' sockets: a won auction's fulfilment changed (it opened, was paid, moved on or expired). */
export const FulfilmentChanged = z.object({ auctionId: z.number().int(), state: FulfilmentState });
export type FulfilmentChanged = z.infer<typeof FulfilmentChanged>;

/** To operators' sockets: a Buy it now purchase changed (it was bought or moved on a delivery step). */
export const BuyNowChanged = z.object({ purchaseId: z.number().int(), state: FulfilmentState });
export type BuyNowChanged = z.infer<typeof BuyNowChanged>;

/** To operators' sockets: a bidder set, changed or stopped an auto-bid on this auction. */
export const AutoBidChanged = z.object({ auctionId: z.number().int() });
export type AutoBidChanged = z.infer<typeof AutoBidChanged>;

export interface ClientToServerEvents {
  "clock:sync": (payload: Record<string, never>, ack: (answer: ClockSyncAck) => void) => void;
  "auctions:watch": (payload: z.infer<typeof WatchStatusPayload>, ack: (answer: PlainAck) => void) => void;
  "auctions:unwatch": (payload: z.infer<typeof WatchStatusPayload>, ack: (answer: PlainAck) => void) => void;
  "auction:subscribe": (payload: z.infer<typeof AuctionPayload>, ack: (answer: SubscribeAck) => void) => void;
  "auction:unsubscribe": (payload: z.infer<typeof AuctionPayload>, ack: (answer: PlainAck) => void) => void;
  "auction:enrol": (payload: z.infer<typeof AuctionPayload>, ack: (answer: EnrolAck) => void) => void;
  "bid:place": (payload: z.infer<typeof AuctionPayload>, ack: (answer: BidAck) => void) => void;
  /** Whether the page is visible now (sent on connect and at each change): a visible page means no Web Push. */
  "page:visibility": (payload: z.infer<typeof PageVisibilityPayload>, ack: (answer: PlainAck) => void) => void;
}

/** The payload schema of every command that takes one (`clock:sync` takes none): the server parses with these. */
export const commandPayloads = {
  "auctions:watch": WatchStatusPayload,
  "auctions:unwatch": WatchStatusPayload,
  "auction:subscribe": AuctionPayload,
  "auction:unsubscribe": AuctionPayload,
  "auction:enrol": AuctionPayload,
  "bid:place": AuctionPayload,
  "page:visibility": PageVisibilityPayload,
} as const satisfies Record<Exclude<keyof ClientToServerEvents, "clock:sync">, z.ZodType>;

export interface ServerToClientEvents {
  /** To an auction's watchers: its whole live state, after any change; drop it when its `seq` is not newer than yours. */
  "auction:updated": (state: AuctionState) => void;
  /**
   * To a status list's watchers: the newest state of each auction of that list that changed, several at once when they
   * changed within a few milliseconds (decision 054), as cards show them, without their recent bids (decision 056);
   * drop each whose `seq` is not newer than yours.
   */
  "auctions:updated": (states: AuctionCardState[]) => void;
  "wallet:updated": (wallet: z.infer<typeof WalletUpdated>) => void;
  /** One of the user's won auctions changed (ended, paid, in delivery, delivered, expired); newer `version` wins. */
  "fulfilment:updated": (wonAuction: WonAuction) => void;
  /** To every operator's socket (the `operators` room), so the back office's fulfilment queue follows live. */
  "fulfilment:changed": (change: FulfilmentChanged) => void;
  /** To every operator's socket, so the back office's queue follows Buy it now purchases live too. */
  "buyNow:changed": (change: BuyNowChanged) => void;
  /** To every operator's socket, so the back office's auction page shows who has an auto-bid set. */
  "auto-bid:changed": (change: AutoBidChanged) => void;
  /** One of the user's Buy it now purchases changed (bought, in delivery, delivered); newer `version` wins. */
  "buyNow:updated": (purchase: BuyNowPurchase) => void;
  /** To the bidder who led until a bid just now took the lead from them (their `user:<id>` room). */
  "auction:outbid": (outbid: AuctionOutbid) => void;
  /** To a bidder whose auto-bid was removed when the auction became manual-only (their `user:<id>` room). */
  "auction:auto-bid-removed": (removed: AutoBidRemoved) => void;
}
