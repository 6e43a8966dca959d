import { describe, expect, it } from "vitest";
import type { AuctionState } from "../../../../contract";
import { auctionState } from "../../../../tests/support/spa-fixtures";
import { applyToList, applyToPages, isNewer, type ListFilter } from "./apply-update";

const auction = (id: number, seq: number, overrides: Partial<AuctionState> = {}) =>
  auctionState({
    id,
    seq,
    title: `Auction ${id}`,
    retailValueCents: 1000,
    priceCents: seq,
    startsAt: "2026-11-23T10:00:00.000Z",
    endsAt: `2026-11-23T12:00:${String(id).padStart(2, "0")}.000Z`,
    ...overrides,
  });

describe("applying live updates", () => {
  it("drops stale and duplicate updates by sequence number", () => {
    expect(isNewer(auction(1, 5), auction(1, 5))).toBe(false);
    expect(isNewer(auction(1, 4), auction(1, 5))).toBe(false);
    expect(isNewer(auction(1, 6), auction(1, 5))).toBe(true);
    const list = [auction(1, 5)];
    expect(applyToList(list, auction(1, 4), "Running")).toBe(list);
  });

  it("keeps the title the page read in its language: the feed sends every socket the catalogue title", () => {
    const shown = auction(2, 1, { title: "Vilnas sega" });
    const update = auction(2, 3, { priceCents: 42, title: "Wool blanket" });
    expect(applyToList([shown], update, "Running")).toEqual([{ ...update, title: "Vilnas sega" }]);
    const filter: ListFilter = { status: "Running", query: "шерст", sort: "endingSoon", isFreeEntryOnly: false };
    // Found by the server in another language than the one shown: a bid keeps it in the list, with its own title.
    const pages = applyToPages([{ items: [shown], total: 1, hasMore: false }], update, filter);
    expect(pages[0]?.items).toEqual([{ ...update, title: "Vilnas sega" }]);
  });

  it("replaces a newer state in place", () => {
    const next = applyToList([auction(1, 1), auction(2, 1)], auction(2, 3, { priceCents: 42 }), "Running");
    expect(next.map((a) => [a.id, a.priceCents])).toEqual([
      [1, 1],
      [2, 42],
    ]);
  });

  it("removes an auction that left the list's status and adds one that joined it, in order", () => {
    const running = [auction(1, 1), auction(3, 1)];
    expect(applyToList(running, auction(1, 2, { status: "Ended" }), "Running").map((a) => a.id)).toEqual([3]);
    expect(applyToList(running, auction(2, 2), "Running").map((a) => a.id)).toEqual([1, 2, 3]);
  });
});

describe("applying live updates to Home's loaded pages", () => {
  const filter: ListFilter = { status: "Running", query: "", sort: "endingSoon", isFreeEntryOnly: false };
  const page = (ids: number[], hasMore: boolean, total = 10) => ({ items: ids.map((id) => auction(id, 1)), total, hasMore });
  const idsOf = (pages: { items: AuctionState[] }[]) => pages.map((p) => p.items.map((a) => a.id));

  it("updates a shown card in place, on whichever page it is", () => {
    const pages = [page([1, 2], true), page([3, 4], true)];
    const next = applyToPages(pages, auction(3, 2, { priceCents: 77 }), filter);
    expect(next[1]!.items.find((a) => a.id === 3)?.priceCents).toBe(77);
    expect(next[0]).toBe(pages[0]);
  });

  it("drops a card that left the status or no longer matches, and counts one fewer", () => {
    const pages = [page([1, 2], true), page([3, 4], true)];
    const ended = applyToPages(pages, auction(2, 2, { status: "Ended" }), filter);
    expect(idsOf(ended)).toEqual([[1], [3, 4]]);
    expect(ended.map((p) => p.total)).toEqual([9, 9]);
    const free = { ...filter, isFreeEntryOnly: true };
    expect(idsOf(applyToPages([page([1], false, 1)], auction(1, 2, { entryFeeCents: 100 }), free))).toEqual([[]]);
  });

  it("inserts a newcomer that matches where it sorts among the loaded cards", () => {
    const pages = [page([1, 3], true), page([5, 7], true)];
    const next = applyToPages(pages, auction(4, 1), filter);
    expect(idsOf(next)).toEqual([
      [1, 3],
      [4, 5, 7],
    ]);
    expect(next.map((p) => p.total)).toEqual([11, 11]);
  });

  it("leaves a newcomer past the last loaded card to a later page, unless there is none", () => {
    expect(idsOf(applyToPages([page([1, 3], true)], auction(9, 1), filter))).toEqual([[1, 3]]);
    expect(idsOf(applyToPages([page([1, 3], false)], auction(9, 1), filter))).toEqual([[1, 3, 9]]);
  });

  it("ignores newcomers the search does not match", () => {
    const search = { ...filter, query: "  LAMP " };
    const pages = [page([1], false, 1)];
    expect(applyToPages(pages, auction(2, 1, { title: "Kettle" }), search)).toBe(pages);
    expect(idsOf(applyToPages(pages, auction(2, 1, { title: "Desk lamp" }), search))).toEqual([[1, 2]]);
  });

  it("sorts newcomers by the chosen sort", () => {
    const byPrice = { ...filter, sort: "lowestPrice" as const };
    const pages = [{ items: [auction(1, 1, { priceCents: 10 }), auction(2, 1, { priceCents: 50 })], total: 2, hasMore: false }];
    expect(idsOf(applyToPages(pages, auction(3, 1, { priceCents: 20 }), byPrice))).toEqual([[1, 3, 2]]);
    const newest = { ...filter, sort: "newest" as const };
    expect(idsOf(applyToPages([page([5, 2], false, 2)], auction(4, 1), newest))).toEqual([[5, 4, 2]]);
  });
});
