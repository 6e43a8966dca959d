// What the like and enrol controls take and how large they draw, for both of their forms: the visitor's in
// auction-buttons.tsx and the signed-in bidder's in the BidderControls chunk, which auction-buttons.tsx loads.
import type { AuctionCardState } from "../../../../contract";

export type LikeButtonProps = { auctionId: number; className?: string };

export type EnrolButtonProps = {
  auction: AuctionCardState;
  isOpen: boolean;
  /** The detail page's bid panel: full width and as tall as the slider it stands in for. */
  isLarge?: boolean;
};

export const sizeOf = (isLarge: boolean) => (isLarge ? "h-14 w-full justify-center px-6 text-lg" : "h-10 px-4 text-sm");
