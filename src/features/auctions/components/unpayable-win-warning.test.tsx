// The warning a bidder reads before sliding when a win at the next price would cross their monthly limit (issue 51).
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { auth, server, wallet } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { useSpendLimits } from "../../wallet";
import { UnpayableWinWarning } from "./unpayable-win-warning";

/** Says when the limits have come, which the warning beside it reads from the same cache in the same render. */
function LimitsArrived() {
  return useSpendLimits().data ? <p>limits read</p> : null;
}

const limits = (leftCents: number | null) => ({
  auction: { limitCents: leftCents === null ? null : 500, spentCents: 450, leftCents, pending: null },
  resetsAt: "2027-01-01T00:00:00.000Z",
});

function renderWith(leftCents: number | null, nextPriceCents: number) {
  server.use(auth.signedOut(), wallet.spendLimits(limits(leftCents)));
  renderWithRouter(
    <>
      <UnpayableWinWarning nextPriceCents={nextPriceCents} />
      <LimitsArrived />
    </>,
  );
}

describe("the warning before a bid whose win could not be paid for", () => {
  it("says what the limit leaves when the next price is above it", async () => {
    renderWith(50, 51);
    expect(await screen.findByRole("note")).toHaveTextContent(
      "A win at €0.51 would cross your monthly limit on auction spending: €0.50 is left this month, so you could not pay for it.",
    );
  });

  it.each([
    ["the next price is what is left", 50, 50],
    ["there is no limit", null, 5_000],
  ])("says nothing when %s", async (_, leftCents, nextPriceCents) => {
    renderWith(leftCents, nextPriceCents);
    await screen.findByText("limits read");
    expect(screen.queryByRole("note")).toBeNull();
  });
});
