// What an auction of a product usually costs, as a visitor reads it before enrolling: the server's figures in words
// and euros, or "not enough history yet" below its threshold.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UsualCost } from "../../../../contract";
import { auctions, auth, server } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { UsualCostSection } from "./usual-cost-section";

vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
afterEach(() => {
  cleanup();
});

const figures = {
  participants: 12,
  medianSpentCents: 185,
  p90SpentCents: 1122,
  wins: 3,
  winShare: 0.25,
  winnerAllInCents: 1172,
  retailValueCents: 6000,
};
const withHistory: UsualCost = { windowDays: 90, minAuctions: 5, auctions: 6, figures };

async function renderSection(answer: UsualCost) {
  server.use(auth.signedOut(), auctions.usualCost(7, answer));
  renderWithRouter(<UsualCostSection auctionId={7} />);
  return screen.findByRole("region", { name: "What it usually costs" });
}

const valueOf = (region: HTMLElement, term: string) => within(region).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("what an auction of this product usually costs", () => {
  it("shows how many took part, what half and 9 in 10 spent, what winners paid against retail and the share who won", async () => {
    const region = await renderSection(withHistory);
    expect(within(region).getByText(/in this product's auctions that ended in the last 90 days/)).toBeTruthy();
    expect(
      [
        "Auctions ended",
        "Bidders who took part",
        "Half spent at most",
        "9 in 10 spent at most",
        "Winners paid in all, on average",
        "Bidders who won",
      ].map((term) => valueOf(region, term)),
    ).toEqual(["6", "12", "€1.85", "€11.22", "€11.7220% of the retail value, €60.00", "25%"]);
  });

  it("says there is no win yet when nobody's win stands", async () => {
    const region = await renderSection({
      ...withHistory,
      figures: { ...figures, wins: 0, winShare: 0, winnerAllInCents: null, retailValueCents: null },
    });
    expect([valueOf(region, "Winners paid in all, on average"), valueOf(region, "Bidders who won")]).toEqual(["No wins yet", "0%"]);
  });

  it("says there is not enough history yet below the threshold, with no figures", async () => {
    const region = await renderSection({ windowDays: 90, minAuctions: 5, auctions: 3, figures: null });
    expect(
      within(region).getByText(
        "Not enough history yet: the figures show once 5 auctions of this product have ended within 90 days. So far: 3.",
      ),
    ).toBeTruthy();
    expect(within(region).queryByRole("term")).toBeNull();
  });
});
