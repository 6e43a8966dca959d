// An auction as the server describes it (AuctionState), for client tests: a running one unless told otherwise.
import type { AuctionState } from "../../contract";

export const auctionState = (id: number, overrides: Partial<AuctionState> = {}): AuctionState => ({
  id,
  seq: 1,
  status: "Running",
  title: `Auction ${id}`,
  image: null,
  retailValueCents: 1000,
  entryFeeCents: 100,
  priceCents: 1,
  startsAt: "2026-11-23T10:00:00.000Z",
  endsAt: "2026-11-23T12:00:00.000Z",
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
