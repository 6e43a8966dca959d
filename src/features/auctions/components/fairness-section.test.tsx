// The fairness figures and the true cost as a visitor reads them: counts from the server, the verdict on staff and
// demo bidders in words either way, the head hash from the newest bid, and an ended card's one line.
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuctionState, FairnessFigures } from "../../../../contract";
import { auctionState } from "../../../../tests/support/spa-fixtures";
import { auctions, auth, server } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { holdBelowTheFold, releaseBelowTheFold } from "../../../lib/first-screen-moment";
import { fairnessQueryOptions } from "../api/fairness";
import { FairnessSection } from "./fairness-section";
import { TrueCostLine } from "./true-cost";

// No live socket here (the auth provider would open one).
vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
afterEach(() => cleanup());

const figures = (overrides: Partial<FairnessFigures> = {}): FairnessFigures => ({
  auctionId: 1,
  status: "Running",
  entrants: 7,
  distinctBidders: 5,
  bids: 40,
  autoBids: 10,
  autoBidShare: 0.25,
  genesisHash: "g".repeat(64),
  headHash: "f".repeat(64),
  finalHash: null,
  staffBidders: 0,
  demoBidders: 0,
  feesBackCents: 0,
  ...overrides,
});

function renderSection(answer: FairnessFigures, state = auctionState({ bidCount: answer.bids })) {
  server.use(
    auth.signedOut(),
    auctions.fairness(state.id, () => answer),
  );
  renderWithRouter(<FairnessSection auction={state} />);
  return screen.getByRole("region", { name: "Fairness" });
}

const valueOf = (region: HTMLElement, term: string) => within(region).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("the fairness section", () => {
  it("asks for its figures only once the first screen's effects have run, while the server's drawing is hydrated (decision 116)", async () => {
    holdBelowTheFold();
    const state = auctionState({ bidCount: 40 });
    server.use(
      auth.signedOut(),
      auctions.fairness(state.id, () => figures()),
    );
    const { queryClient } = renderWithRouter(<FairnessSection auction={state} />);
    const region = screen.getByRole("region", { name: "Fairness" });
    // Its query is there, and not asking: a request started would be fetching by now.
    expect(queryClient.getQueryState(fairnessQueryOptions(state.id, state.status).queryKey)?.fetchStatus).toBe("idle");
    releaseBelowTheFold();
    expect(await within(region).findByText("No staff or demo account has bid in this auction.")).toBeTruthy();
  });

  it("shows the server's counts and says no staff or demo account bid", async () => {
    const region = renderSection(figures());
    expect(await within(region).findByText("No staff or demo account has bid in this auction.")).toBeTruthy();
    expect([valueOf(region, "Entrants"), valueOf(region, "Bidders"), valueOf(region, "Bids"), valueOf(region, "Auto-bids")]).toEqual([
      "7",
      "5",
      "40",
      "10 (25%)",
    ]);
  });

  it("says how many staff and demo accounts bid when some did", async () => {
    const region = renderSection(figures({ staffBidders: 1, demoBidders: 3 }));
    expect(await within(region).findByText("Among the bidders: staff accounts 1, demo accounts 3. Their bids are labelled.")).toBeTruthy();
  });

  it("takes a running auction's head from its newest bid, and shows an ended one's final hash", async () => {
    const newest = {
      priceCents: 41,
      displayName: "anna",
      placedAt: "2026-11-24T10:00:00.000Z",
      isAuto: false,
      hash: "a".repeat(64),
      label: null,
    };
    const running = renderSection(figures(), auctionState({ bidCount: 41, recentBids: [newest] }));
    expect(within(running).getByText("Chain head (changes with every bid)")).toBeTruthy();
    expect(within(running).getByText(newest.hash)).toBeTruthy();
    cleanup();
    const ended = renderSection(
      figures({ status: "Ended", finalHash: "e".repeat(64) }),
      auctionState({ status: "Ended", finalHash: "e".repeat(64), recentBids: [newest] }),
    );
    expect(within(ended).getByText("Final hash")).toBeTruthy();
    expect(within(ended).getByText("e".repeat(64))).toBeTruthy();
  });
});

describe("the figures follow the feed", () => {
  it("asks again while the feed has counted bids the figures have not, until they have", async () => {
    let served = figures({ entrants: 2, distinctBidders: 0, bids: 0, autoBids: 0, autoBidShare: null });
    const start = auctionState({ bidCount: 0 });
    server.use(
      auth.signedOut(),
      auctions.fairness(start.id, () => served),
    );
    let feed: (state: AuctionState) => void = () => undefined;
    function FedSection() {
      const [state, setState] = useState(start);
      feed = setState;
      return <FairnessSection auction={state} />;
    }
    renderWithRouter(<FedSection />);
    const region = await screen.findByRole("region", { name: "Fairness" });
    await waitFor(() => expect(valueOf(region, "Bids")).toBe("0"));
    // Three bids reach the page through the feed, just after the figures were read (still fresh by any clock).
    served = figures({ entrants: 2, distinctBidders: 2, bids: 3, autoBids: 0, autoBidShare: 0 });
    act(() => feed(auctionState({ bidCount: 3 })));
    await waitFor(() => expect([valueOf(region, "Bidders"), valueOf(region, "Bids")]).toEqual(["2", "3"]), { timeout: 5_000 });
  });
});

describe("an ended card's true cost", () => {
  it("gives the winner's total and the fees, or only the fees when nobody won", () => {
    server.use(auth.signedOut());
    renderWithRouter(<TrueCostLine trueCost={{ winnerPaidCents: 118, entryFeesCents: 200 }} isSold />);
    expect(screen.getByText("Winner paid €1.18 in all · entry fees €2.00")).toBeTruthy();
    cleanup();
    renderWithRouter(<TrueCostLine trueCost={{ winnerPaidCents: null, entryFeesCents: 90 }} isSold={false} />);
    expect(screen.getByText("entry fees €0.90")).toBeTruthy();
  });

  it("names no winner's total once the win was canceled unpaid", () => {
    server.use(auth.signedOut());
    renderWithRouter(<TrueCostLine trueCost={{ winnerPaidCents: 118, entryFeesCents: 200 }} isSold={false} />);
    expect(screen.getByText("entry fees €2.00")).toBeTruthy();
  });
});
