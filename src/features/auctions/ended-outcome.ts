// How an ended auction came out, as its page and its card say it: sold to its winner, ended without a single bid, or
// canceled because the winner did not pay within the payment window (SPEC.md's Expired). Only a sold auction names a
// winner and a sold price. The canceled win says SPEC.md's Expired step, in the first screen's texts.
import type { AuctionCardState } from "../../../contract";

export type EndedOutcome = "sold" | "noBids" | "paymentLapsed";

export const endedOutcome = (auction: Pick<AuctionCardState, "bidCount" | "paymentLapsed">): EndedOutcome =>
  auction.paymentLapsed ? "paymentLapsed" : auction.bidCount === 0 ? "noBids" : "sold";

/** The one line an unsold ended auction says instead of its price and winner. */
export const unsoldTextKey = { noBids: "auction.endedWithoutBids", paymentLapsed: "auction.paymentLapsed" } as const;
