// The hash chain of an auction's bids: each hash covers the previous hash, the auction, bidder, price and time.
import { createHash } from "node:crypto";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The chain's first "previous hash": fixed per auction, so a chain cannot be moved to another auction. */
export function genesisHash(auctionId: number): string {
  return sha256(`pennybid:auction:${auctionId}`);
}

export function bidHash(link: { prevHash: string; auctionId: number; userId: string; priceCents: number; placedAt: Date }): string {
  return sha256([link.prevHash, link.auctionId, link.userId, link.priceCents, link.placedAt.toISOString()].join("|"));
}
