// The client bench's "live" page: 500 running auctions as Home shows them, through the app's own parts: the
// query cache kept live by useLiveStatusList (the live feed Home's sections use, without Home's search and
// paging), selected as Home's are, the memoised AuctionCard in AuctionGrid, and the page's one shared countdown ticker.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AuctionCardState } from "../../contract";
import { useLiveStatusList } from "../../src/features/auctions/api/auction-lists";
import { keepWhileSameCards } from "../../src/features/auctions/live/live-cards";
import { AuctionGrid } from "../../src/features/auctions/components/auction-grid";
import { follow } from "../../src/features/auctions/live/live-auctions";
import { countUpdate, loadRunningAuctions, markReady, mount } from "./shared";

const queryKey = ["bench", "running"];
// As Home's sections select theirs: the same object while only the cards' states change (decision 057).
const selectShown = keepWhileSameCards((list: { items: AuctionCardState[] }) => list);

function LivePage() {
  const { data } = useQuery({
    queryKey,
    queryFn: async () => ({ items: await loadRunningAuctions() }),
    select: selectShown,
    retry: false,
    staleTime: Infinity,
    structuralSharing: false,
  });
  useLiveStatusList("Running", queryKey);
  // Counts what arrives (a second listener on the same shared subscription; it does nothing else).
  useEffect(() => follow({ kind: "status", status: "Running" }, countUpdate, () => undefined), []);
  const count = data?.items.length ?? 0;
  useEffect(() => markReady(count), [count]);
  return data ? <AuctionGrid auctions={data.items} /> : <p>Loading…</p>;
}

mount(<LivePage />);
