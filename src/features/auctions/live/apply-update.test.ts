import { describe, expect, it } from "vitest";
import type { AuctionState } from "../../../../contract";
import { applyToList, isNewer } from "./apply-update";

const auction = (id: number, seq: number, overrides: Partial<AuctionState> = {}): AuctionState => ({
  id,
  seq,
  status: "Running",
  title: `Auction ${id}`,
  image: null,
  retailValueCents: 1000,
  entryFeeCents: 100,
  priceCents: seq,
  startsAt: "2026-11-23T10:00:00.000Z",
  endsAt: `2026-11-23T12:00:${String(id).padStart(2, "0")}.000Z`,
  hardEndsAt: null,
  priceCapCents: null,
  resetSeconds: 15,
  minPreviousEntries: 0,
  leaderName: null,
  winnerName: null,
  bidCount: 0,
  recentBids: [],
  finalHash: null,
  serverNow: 0,
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

  it("replaces a newer state in place", () => {
    const next = applyToList([auction(1, 1), auction(2, 1)], auction(2, 3, { priceCents: 42 }), "Running");
    expect(next.map((a) => [a.id, a.priceCents])).toEqual([[1, 1], [2, 42]]);
  });

  it("removes an auction that left the list's status and adds one that joined it, in order", () => {
    const running = [auction(1, 1), auction(3, 1)];
    expect(applyToList(running, auction(1, 2, { status: "Ended" }), "Running").map((a) => a.id)).toEqual([3]);
    expect(applyToList(running, auction(2, 2), "Running").map((a) => a.id)).toEqual([1, 2, 3]);
  });
});
