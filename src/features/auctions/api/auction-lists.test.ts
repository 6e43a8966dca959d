import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { AuctionCardState, SearchAuctionsResponse } from "../../../../contract";
import { auctions, server } from "../../../../tests/support/msw";
import { auctionState } from "../../../../tests/support/spa-fixtures";
import { auctionSearchQueryOptions } from "./auction-lists";

const card = (overrides: Partial<AuctionCardState>): AuctionCardState => {
  const { recentBids: _bids, ...state } = auctionState(overrides);
  return state;
};
const answer = (items: AuctionCardState[]): SearchAuctionsResponse => ({
  items,
  page: 1,
  pageSize: 6,
  total: items.length,
  offset: 0,
  hasMore: false,
});

describe("a Home section read again", () => {
  it("keeps the state each unchanged card was drawn with, and takes a changed one's", async () => {
    let served = answer([card({ id: 1, seq: 3, serverNow: 1000 }), card({ id: 2, seq: 5, serverNow: 1000 })]);
    server.use(auctions.search(() => served));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = auctionSearchQueryOptions("Running", { query: "", sort: "endingSoon", isFreeEntryOnly: false }, 6, "en");
    const itemsOf = () => (client.getQueryData(options.queryKey) as InfiniteData<SearchAuctionsResponse, number>).pages[0]?.items ?? [];

    await client.fetchInfiniteQuery(options);
    const [first, second] = itemsOf();
    // Read again: the first auction is as it was (a later read's serverNow), the second took a bid.
    served = answer([card({ id: 1, seq: 3, serverNow: 2000 }), card({ id: 2, seq: 6, priceCents: 77, serverNow: 2000 })]);
    await client.fetchInfiniteQuery(options);
    const [firstAgain, secondAgain] = itemsOf();
    expect(firstAgain).toBe(first);
    expect(secondAgain).not.toBe(second);
    expect(secondAgain).toMatchObject({ seq: 6, priceCents: 77 });

    // A title read in the page's language again (the same seq) is taken too.
    served = answer([card({ id: 1, seq: 3, title: "Lampa" }), card({ id: 2, seq: 6, priceCents: 77 })]);
    await client.fetchInfiniteQuery(options);
    expect(itemsOf()[0]).toMatchObject({ title: "Lampa" });
    expect(itemsOf()[1]).toBe(secondAgain);
  });
});
