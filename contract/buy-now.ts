// Buy it now (issue 20 item 2, decision 034) on the wire: after an auction ends, a bidder who enrolled and did not
// win may buy the same item within 48 hours at its retail value less the entry fee they paid (never below zero),
// from the wallet, with the winner's pay form (PayBody, QuoteBody) and a fulfilment of its own (the same stepper).
// Money in cents; times are ISO strings the server decides.
import { z } from "./zod";
import { IdParam, wholeNumberParam } from "./input";
import { FulfilmentState } from "./fulfilment";

/** How long after an auction's end its losing bidders may buy it now. */
export const BUY_NOW_WINDOW_HOURS = 48;

/** Refusals of Buy it now, each saying why. */
export const buyNowErrorMessages = {
  BUY_NOW_OFF: "Buy it now is not offered for this auction.",
  BUY_NOW_NOT_ENDED: "Buy it now opens when the auction has ended.",
  BUY_NOW_NOT_ENROLLED: "Only bidders who enrolled in this auction can buy it now.",
  BUY_NOW_WINNER: "You won this auction: pay for it among your won auctions.",
  BUY_NOW_ALREADY_BOUGHT: "You have already bought this item with Buy it now.",
  BUY_NOW_WINDOW_CLOSED: "Buy it now for this auction has closed.",
  BUY_NOW_SOLD_OUT: "This item is sold out.",
} as const;
export type BuyNowErrorCode = keyof typeof buyNowErrorMessages;

/** What the signed-in bidder may buy now: the price the server computed and until when. */
export const BuyNowOffer = z.object({
  auctionId: z.number().int(),
  retailValueCents: z.number().int(),
  /** The entry fee this bidder paid for the auction, less any refund. */
  entryFeePaidCents: z.number().int(),
  /** Retail value less the entry fee paid, never below zero. */
  priceCents: z.number().int(),
  deadlineAt: z.string(),
  /** How many are left to sell; null when the operators set no limit. */
  stockLeft: z.number().int().nullable(),
});
export type BuyNowOffer = z.infer<typeof BuyNowOffer>;

/** GET /api/buy-now/offers: every offer open to the signed-in bidder now (the ended cards read it). */
export const BuyNowOffersResponse = z.object({ items: z.array(BuyNowOffer) });
export type BuyNowOffersResponse = z.infer<typeof BuyNowOffersResponse>;

/** A Buy it now purchase with its fulfilment, as the buyer sees it. */
export const BuyNowPurchase = z.object({
  purchaseId: z.number().int(),
  auctionId: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  retailValueCents: z.number().int(),
  entryFeePaidCents: z.number().int(),
  priceCents: z.number().int(),
  state: FulfilmentState,
  amountPaidCents: z.number().int(),
  discountCents: z.number().int(),
  promoCode: z.string().nullable(),
  deliveryAddress: z.string(),
  phone: z.string(),
  paidAt: z.string(),
  inDeliveryAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  version: z.number().int(),
});
export type BuyNowPurchase = z.infer<typeof BuyNowPurchase>;

/** GET /api/buy-now/purchases?page=N: the signed-in bidder's own purchases, newest first, a page at a time. */
export const BuyNowPurchasesQuery = z.object({ page: wholeNumberParam(1, 10_000).default(1) });
export type BuyNowPurchasesQuery = z.input<typeof BuyNowPurchasesQuery>;
export const BuyNowPurchasesResponse = z.object({
  items: z.array(BuyNowPurchase),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type BuyNowPurchasesResponse = z.infer<typeof BuyNowPurchasesResponse>;

/**
 * GET /api/auctions/{auctionId}/buy-now: the signed-in bidder's offer for this auction (null when they cannot use
 * one, with the reason) and their purchase of it (null before they buy).
 */
export const BuyNowStatus = z.object({
  offer: BuyNowOffer.nullable(),
  purchase: BuyNowPurchase.nullable(),
  /** Why there is no offer, when there is none and no purchase. */
  reason: z.enum(Object.keys(buyNowErrorMessages) as [BuyNowErrorCode, ...BuyNowErrorCode[]]).nullable(),
  /** The pay form's defaults: the phone and address the user gave last. */
  defaults: z.object({ phone: z.string(), deliveryAddress: z.string() }),
});
export type BuyNowStatus = z.infer<typeof BuyNowStatus>;

// Operators.

export const PurchaseIdParams = z.object({ purchaseId: IdParam });

export const OperatorBuyNowPurchase = BuyNowPurchase.extend({
  buyerId: z.string(),
  buyerEmail: z.string(),
  buyerDisplayName: z.string(),
});
export type OperatorBuyNowPurchase = z.infer<typeof OperatorBuyNowPurchase>;

export const OperatorBuyNowQuery = z.object({
  state: FulfilmentState.optional(),
  limit: wholeNumberParam(1, 1000).default(100),
});
export type OperatorBuyNowQuery = z.input<typeof OperatorBuyNowQuery>;
export const OperatorBuyNowList = z.object({ items: z.array(OperatorBuyNowPurchase) });
export type OperatorBuyNowList = z.infer<typeof OperatorBuyNowList>;

/** POST /api/operator/auctions/{auctionId}/buy-now: switch Buy it now on or off and set its stock (null: no limit). */
export const BuyNowSettingsBody = z
  .object({ enabled: z.boolean(), stock: z.number().int().min(0).max(1_000_000).nullable() })
  .partial()
  .strict()
  .refine((body) => body.enabled !== undefined || body.stock !== undefined, { message: "Give enabled, stock or both." });
export type BuyNowSettingsBody = z.input<typeof BuyNowSettingsBody>;

export const BuyNowSettings = z.object({
  auctionId: z.number().int(),
  enabled: z.boolean(),
  stock: z.number().int().nullable(),
  sold: z.number().int(),
});
export type BuyNowSettings = z.infer<typeof BuyNowSettings>;
