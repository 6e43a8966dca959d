// Auctions on the wire: what cards and the detail page show, the bid history, and the refusals of SPEC.md §8.
import { z } from "./zod";
import { auctionSorts, auctionStatuses, publicStatuses, SEARCH_PAGE_SIZE_MAX, SEARCH_QUERY_MAX } from "./constants";
import type { Language } from "./i18n";
import { IdParam, text } from "./input";

export { auctionSorts, auctionStatuses, publicStatuses, SEARCH_PAGE_SIZE_MAX, SEARCH_QUERY_MAX } from "./constants";

export const AuctionStatus = z.enum(auctionStatuses);
export type AuctionStatus = z.infer<typeof AuctionStatus>;

/** The refusals of enrolment and bidding, with SPEC.md's English text. The SPA shows `errors.<code>`. */
export const auctionErrorMessages = {
  AUCTION_ENDED: "Auction has ended",
  AUCTION_NOT_RUNNING: "Auction is not running",
  AUCTION_STATE_MISSING: "Auction state is missing",
  ALREADY_WINNING: "You are already winning",
  BID_FAILED: "Failed to place bid. Please try again later. Contact support if the issue persist.",
  NOT_ENROLLED: "Enrol in this auction before you bid.",
  NOT_ENOUGH_FUNDS: "Not enough funds in your wallet!",
  MIN_PREVIOUS_ENTRIES: "You must have participated in {{minPreviousEntries}} other auctions before you can enroll in this one",
  ALREADY_ENROLLED: "You are already enrolled in this auction.",
  ENROLMENT_CLOSED: "Enrolment is closed for this auction.",
  BID_TOO_FAST: "One bid per second, please.",
  AUTO_BID_TOO_LOW: "Set a maximum above the current price.",
  // The fair-play rules of enrolment (decision 031); `resetsAt` (ms since the epoch) travels in the error's values.
  MAX_PREVIOUS_WINS:
    "This is a beginner auction: only bidders with at most {{maxPreviousWins}} previous wins may enrol (you have {{wins}}).",
  WIN_LIMIT: "Win limit reached: at most {{limit}} wins in {{days}} days, counting the auctions you are still in.",
  PRODUCT_WIN_LIMIT:
    "Win limit reached: at most {{limit}} wins of the same product in {{days}} days, counting the auctions you are still in.",
  ENROLMENT_LOCKED: "Closed to new bidders: enrolment in this auction has closed.",
  REAL_BIDDERS_ONLY: "Staff and demo accounts cannot enrol in this auction.",
  // Seat auctions (decision 102).
  SOLD_OUT: "Sold out: {{count}} of {{count}} seats",
  // Manual-only auctions (decision 101).
  MANUAL_ONLY: "Manual bids only: auto-bids are off in this auction.",
} as const;
export type AuctionErrorCode = keyof typeof auctionErrorMessages;

/** Who a bidder is besides a bidder, as the server knows it: an operator ("staff") or a demo account; null for anyone else. */
export const BidderLabel = z.enum(["staff", "demo"]);
export type BidderLabel = z.infer<typeof BidderLabel>;

export const BidEntry = z.object({
  priceCents: z.number().int(),
  displayName: z.string(),
  placedAt: z.string(),
  isAuto: z.boolean(),
  /** The bid's link in the hash chain: the newest entry's is the chain's head. */
  hash: z.string(),
  label: BidderLabel.nullable(),
});
export type BidEntry = z.infer<typeof BidEntry>;

/**
 * What an ended auction cost, beside its final price: the winner's price plus the entry fee they paid, and the entry
 * fees the ledger took from every bidder together (less refunds). Server-computed from the ledger.
 */
export const TrueCost = z.object({
  /** Null when nobody won (no bids). */
  winnerPaidCents: z.number().int().nullable(),
  entryFeesCents: z.number().int(),
});
export type TrueCost = z.infer<typeof TrueCost>;

/**
 * One auction's live state as a card shows it (a list's answer and its feed, decision 056): everything of the
 * auction's live state but its recent bids, which only its own page shows; `seq` orders updates.
 */
export const AuctionCardState = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  status: AuctionStatus,
  title: z.string(),
  image: z.string().nullable(),
  retailValueCents: z.number().int(),
  entryFeeCents: z.number().int(),
  priceCents: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  hardEndsAt: z.string().nullable(),
  priceCapCents: z.number().int().nullable(),
  resetSeconds: z.number().int(),
  minPreviousEntries: z.number().int(),
  /** Beginner auction: at most this many previous wins (0: never won); null: no such rule. */
  maxPreviousWins: z.number().int().nullable(),
  /** When enrolment closes by time (before the end of the initial timer), or null. */
  enrolmentClosesAt: z.string().nullable(),
  /** Enrolment closes once the price reaches this, or null. */
  enrolmentClosesAtPriceCents: z.number().int().nullable(),
  /** Operators and demo accounts may not enrol. */
  realBiddersOnly: z.boolean(),
  /** Fees back (decision 103): this percentage of a losing bidder's entry fee returns to their wallet at the end (0: none). */
  feeBackPercent: z.number().int(),
  /** A seat auction (decision 102): bidders enrolled so far, of at most `max`; below `min` at the start it is canceled. */
  seats: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable(), taken: z.number().int() }).nullable(),
  /** Manual bids only (decision 101): no auto-bid can be set or run. */
  manualOnly: z.boolean(),
  leaderName: z.string().nullable(),
  winnerName: z.string().nullable(),
  /**
   * The leader's and the winner's public ids: the ids the bid chain already shows beside each bid (`bidderId`), so a
   * page tells whether its own bidder leads or won by their own id (`AuthenticatedUser.id`), never by a name that can
   * change mid-auction (decision 097).
   */
  leaderId: z.string().nullable(),
  winnerId: z.string().nullable(),
  /** The winner did not pay within the payment window: the win was canceled (its fulfilment expired). */
  paymentLapsed: z.boolean(),
  bidCount: z.number().int(),
  finalHash: z.string().nullable(),
  /** An ended auction's true cost (null before the end): see `TrueCost`. */
  trueCost: TrueCost.nullable(),
  serverNow: z.number().int(),
});
export type AuctionCardState = z.infer<typeof AuctionCardState>;

/** One auction's whole live state, as its own page and its room hear it: the card's, with the recent bids. */
export const AuctionState = AuctionCardState.extend({ recentBids: z.array(BidEntry) });
export type AuctionState = z.infer<typeof AuctionState>;

/** An auction's state as a card shows it: all of it but the recent bids. */
export const cardState = ({ recentBids: _recentBids, ...card }: AuctionState): AuctionCardState => card;

export const AuctionSort = z.enum(auctionSorts);
export type AuctionSort = z.infer<typeof AuctionSort>;
/** POST /api/auctions/search: one public status, a page of it, optionally narrowed and sorted (SPEC.md's `{ status }` alone keeps today's answer). */
export const SearchAuctionsBody = z
  .object({
    status: z.enum(publicStatuses),
    /** The title in any language contains it, case-insensitive; trimmed, and blank means no filter. */
    query: text().trim().max(SEARCH_QUERY_MAX, { error: "validation.max100" }).optional(),
    sort: AuctionSort.default("endingSoon"),
    /** Only auctions without an entry fee. */
    freeEntry: z.boolean().default(false),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(24),
    /** Skip this many instead of whole pages ("show more" asks from what it already shows); not with `page`. */
    offset: z.number().int().min(0).max(1_000_000).optional(),
  })
  .refine((body) => body.offset === undefined || body.page === 1, { error: "Give page or offset, not both.", path: ["offset"] });
export type SearchAuctionsBody = z.input<typeof SearchAuctionsBody>;

export const SearchAuctionsResponse = z.object({
  items: z.array(AuctionCardState),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Where this page starts in the whole list, and whether more follow it. */
  offset: z.number().int(),
  hasMore: z.boolean(),
});
export type SearchAuctionsResponse = z.infer<typeof SearchAuctionsResponse>;

export const AuctionIdParams = z.object({ auctionId: IdParam });

/** GET /api/win-limits: the site's win limits, as the terms and the FAQ state them (0: that limit is off). */
export const WinLimitsResponse = z.object({ wins: z.number().int(), sameProductWins: z.number().int(), days: z.number().int() });
export type WinLimitsResponse = z.infer<typeof WinLimitsResponse>;

/** GET /api/auctions/{id}/eligibility: whether the signed-in bidder may enrol now, and if not, the refusal they would get. */
export const EnrolmentEligibility = z.object({
  refusal: z.object({ code: z.string(), message: z.string(), values: z.record(z.string(), z.number()) }).nullable(),
});
export type EnrolmentEligibility = z.infer<typeof EnrolmentEligibility>;

export const EnrolResponse = z.object({ feeCents: z.number().int(), balance: z.number().nullable() });
export type EnrolResponse = z.infer<typeof EnrolResponse>;
export const BidResponse = z.object({ priceCents: z.number().int(), endsAt: z.string(), hasEnded: z.boolean() });
export type BidResponse = z.infer<typeof BidResponse>;

/** GET /api/auctions/mine: what the signed-in bidder has to do with auctions (cards mark these). */
export const MyAuctionsResponse = z.object({
  enrolledIds: z.array(z.number().int()),
  favouriteIds: z.array(z.number().int()),
  /** Auto-bid maximums in cents, by auction id. */
  autoBids: z.record(z.string(), z.number().int()),
});
export type MyAuctionsResponse = z.infer<typeof MyAuctionsResponse>;

export const AuctionListResponse = z.object({ items: z.array(AuctionState) });
export type AuctionListResponse = z.infer<typeof AuctionListResponse>;

export const FavouriteBody = z.object({ isFavourite: z.boolean() });

/** GET /api/auctions/{id}: the live state plus what only the detail page shows. */
export const AuctionDetail = AuctionState.extend({
  description: z.string(),
  images: z.array(z.string()),
  paymentWindowHours: z.number().int(),
});
export type AuctionDetail = z.infer<typeof AuctionDetail>;

/** Home's first page of each section, as Home's page carries it. */
export type FirstScreenLists = Record<(typeof publicStatuses)[number], SearchAuctionsResponse>;
/**
 * What the server sends inside an app page for its first screen (FIRST_SCREEN_ELEMENT_ID): Home's lists, or one
 * auction (with what its product usually costs, while it is still to be won), with the language their texts are in;
 * when the server drew it too, the moment its countdowns show.
 */
export type FirstScreen = {
  language: Language;
  lists?: FirstScreenLists;
  auction?: AuctionDetail;
  usualCost?: UsualCost;
  drawnAtMs?: number;
};

/** GET /api/auctions/{id}/chain: every bid with its hashes, so anyone can recompute the chain. */
export const BidChainLink = z.object({
  bidderId: z.string(),
  displayName: z.string(),
  label: BidderLabel.nullable(),
  priceCents: z.number().int(),
  placedAt: z.string(),
  prevHash: z.string(),
  hash: z.string(),
  /** Placed by the bidder's auto-bid (outside the hash: the fairness figures count these openly). */
  isAuto: z.boolean(),
});
export const BidChainResponse = z.object({
  auctionId: z.number().int(),
  genesisHash: z.string(),
  finalHash: z.string().nullable(),
  links: z.array(BidChainLink),
  isValid: z.boolean(),
});
export type BidChainResponse = z.infer<typeof BidChainResponse>;

/** PUT /api/auctions/{id}/auto-bid: a maximum in cents, or null to stop. */
export const AutoBidBody = z.object({ maxPriceCents: z.number().int().min(1).max(10_000_000).nullable() });
export type AutoBidBody = z.infer<typeof AutoBidBody>;

/**
 * GET /api/auctions/{id}/fairness: the figures that let anyone check an auction was fair, counted by the server in
 * one query. `headHash` is the chain's last link (null before the first bid); `finalHash` is published at the end.
 * `staffBidders` and `demoBidders` count the accounts of those kinds among the bidders (an operator who is also a
 * demo account counts as staff).
 */
export const FairnessFigures = z.object({
  auctionId: z.number().int(),
  status: AuctionStatus,
  entrants: z.number().int(),
  distinctBidders: z.number().int(),
  bids: z.number().int(),
  autoBids: z.number().int(),
  /** autoBids / bids, from 0 to 1; null before the first bid. */
  autoBidShare: z.number().nullable(),
  genesisHash: z.string(),
  headHash: z.string().nullable(),
  finalHash: z.string().nullable(),
  staffBidders: z.number().int(),
  demoBidders: z.number().int(),
  /** Entry fees the ledger gave back to the bidders who lost (fees back, decision 103); 0 before the end. */
  feesBackCents: z.number().int(),
});
export type FairnessFigures = z.infer<typeof FairnessFigures>;

/**
 * GET /api/auctions/{id}/usual-cost: what taking part in an auction of this product usually cost (issue 55 item 1,
 * decision 100), from the product's auctions that ended in the last `windowDays` days. A bidder's spend is what the
 * ledger holds for them and that auction (entry fee, win payment, less refunds) plus a won price still due. `figures`
 * is null while fewer than `minAuctions` auctions (or no bidders) make the history.
 */
export const USUAL_COST_WINDOW_DAYS = 90;
/** Below this many ended auctions the figures would be a few bidders' luck: "not enough history yet". */
export const USUAL_COST_MIN_AUCTIONS = 5;
export const UsualCost = z.object({
  windowDays: z.number().int(),
  minAuctions: z.number().int(),
  /** The product's auctions ended in the window. */
  auctions: z.number().int(),
  figures: z
    .object({
      /** Bidders who took part, counted once per auction they entered. */
      participants: z.number().int(),
      medianSpentCents: z.number().int(),
      p90SpentCents: z.number().int(),
      /** Wins that stand (not lapsed unpaid); the share is wins / participants, from 0 to 1. */
      wins: z.number().int(),
      winShare: z.number(),
      /** The winners' average all-in price and the average retail value of what they won; null without a win. */
      winnerAllInCents: z.number().int().nullable(),
      retailValueCents: z.number().int().nullable(),
    })
    .nullable(),
});
export type UsualCost = z.infer<typeof UsualCost>;
