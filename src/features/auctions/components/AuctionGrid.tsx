import { memo } from "react";
import type { AuctionState } from "../../../../contract";
import { AuctionCard } from "./AuctionCard";

export function AuctionGrid({ auctions }: { auctions: AuctionState[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {auctions.map((auction) => (
        <GridItem key={auction.id} auction={auction} />
      ))}
    </ul>
  );
}

/**
 * One cell, memoised whole: a live update re-renders its own cell, and the list around it only compares props. Cells
 * off screen skip style, layout and paint until scrolled near (content-visibility), so a long live list costs what
 * the visible cards cost; the intrinsic height (only: the column sets the width) keeps the scrollbar steady.
 */
const GridItem = memo(function GridItem({ auction }: { auction: AuctionState }) {
  return (
    <li className="flex [content-visibility:auto] min-w-0 [contain-intrinsic-size:auto_none_auto_440px]">
      <div className="w-full">
        <AuctionCard auction={auction} />
      </div>
    </li>
  );
});
