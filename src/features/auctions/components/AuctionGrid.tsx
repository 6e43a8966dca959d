import type { AuctionState } from "../../../../contract";
import { AuctionCard } from "./AuctionCard";

export function AuctionGrid({ auctions }: { auctions: AuctionState[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {auctions.map((auction) => (
        <li key={auction.id} className="flex">
          <div className="w-full">
            <AuctionCard auction={auction} />
          </div>
        </li>
      ))}
    </ul>
  );
}
