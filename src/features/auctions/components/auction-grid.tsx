import { memo, useRef } from "react";
import type { AuctionCardState } from "../../../../contract";
import { AuctionCard } from "./auction-card";
import type { ImageLoading } from "../../../components/ui/auction-image";
import { OffScreenContext, useSkippedState } from "../../../hooks/use-off-screen";
import { useCardState } from "../live/live-cards";

/** The most cards a row holds (three columns on a wide screen). */
const FIRST_ROW = 3;

/** `isFirstOnPage`: the page's first grid, whose first row is in the first screen (its first picture the likely LCP). */
export function AuctionGrid({ auctions, isFirstOnPage = false }: { auctions: AuctionCardState[]; isFirstOnPage?: boolean }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {auctions.map((auction, index) => (
        <GridItem
          key={auction.id}
          auction={auction}
          imageLoading={!isFirstOnPage || index >= FIRST_ROW ? "lazy" : index === 0 ? "priority" : "eager"}
        />
      ))}
    </ul>
  );
}

/**
 * One cell, memoised whole: a live update re-renders its own cell, handed its card's newest state by its list
 * (live-cards.ts, decision 057), and a list that selects with `keepWhileSameCards` does not render at all. Cells
 * off screen skip style, layout and paint until scrolled near (content-visibility), and the card in such a cell rests
 * (decision 052): no ticking, no new figures and no picture until it comes near. So a long live list costs about what
 * the visible cards cost. The intrinsic height (only: the column sets the width) keeps the scrollbar steady.
 */
const GridItem = memo(function GridItem({ auction: drawn, imageLoading }: { auction: AuctionCardState; imageLoading: ImageLoading }) {
  const auction = useCardState(drawn);
  const cell = useRef<HTMLLIElement>(null);
  const offScreen = useSkippedState(cell);
  return (
    <li ref={cell} className="flex min-w-0 [contain-intrinsic-size:auto_none_auto_440px] [content-visibility:auto]">
      <div className="w-full">
        <OffScreenContext value={offScreen}>
          <AuctionCard auction={auction} imageLoading={imageLoading} />
        </OffScreenContext>
      </div>
    </li>
  );
});

/**
 * While a list loads: a row of card-shaped placeholders (the card's picture ratio and about its body's height), so
 * the cards take the place the page already gave them instead of pushing what follows down.
 */
export function AuctionGridSkeleton() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: FIRST_ROW }, (_, index) => (
        <li
          key={index}
          className={`overflow-hidden rounded-2xl border border-line bg-surface ${index > 0 ? "hidden sm:block" : ""} ${index > 1 ? "sm:hidden xl:block" : ""}`}
        >
          <div className="aspect-[16/10] w-full animate-pulse bg-black/5 sm:aspect-[4/3] dark:bg-white/5" />
          <div className="h-[188px]" />
        </li>
      ))}
    </ul>
  );
}
