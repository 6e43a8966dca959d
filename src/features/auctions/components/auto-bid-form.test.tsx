// The auto-bid form as a bidder meets it: a maximum the monthly limit would not let them pay for is refused, and the
// form says so with the figures (issue 51).
import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { auctions, auth, recordRequests, refusal, requestsTo, server } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { AutoBidForm } from "./auto-bid-form";

describe("the auto-bid form", () => {
  it("says how much the monthly limit leaves when a maximum would make a win the bidder cannot pay for", async () => {
    const resetsAt = Date.UTC(2027, 0, 1) - 2 * 3600_000;
    server.use(
      auth.signedIn(),
      auctions.mine({ enrolledIds: [7] }),
      auctions.setAutoBid(7, () =>
        refusal(403, "AUCTION_SPEND_LIMIT", "This would cross your monthly limit on auction spending.", {
          limitCents: 150,
          leftCents: 50,
          resetsAt,
        }),
      ),
    );
    const requests = recordRequests();
    renderWithRouter(<AutoBidForm auctionId={7} priceCents={12} />);
    await userEvent.type(await screen.findByLabelText("Maximum price (€)"), "0.51");
    await userEvent.click(screen.getByRole("button", { name: "Set auto-bid" }));
    expect(
      await screen.findByText(/This would cross your monthly limit on auction spending of €1\.50: €0\.50 is left this month\./),
    ).toBeVisible();
    expect(await Promise.all(requestsTo(requests, "PUT", "/api/auctions/7/auto-bid").map((request) => request.json()))).toEqual([
      { maxPriceCents: 51 },
    ]);
  });
});
