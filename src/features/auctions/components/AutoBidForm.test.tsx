// The auto-bid form as a bidder meets it: a maximum the monthly limit would not let them pay for is refused, and the
// form says so with the figures (issue 51).
import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithRouter, stubServer } from "../../../../tests/support/render";
import { AutoBidForm } from "./AutoBidForm";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the auto-bid form", () => {
  it("says how much the monthly limit leaves when a maximum would make a win the bidder cannot pay for", async () => {
    const resetsAt = Date.UTC(2027, 0, 1) - 2 * 3600_000;
    const server = stubServer({
      "/authn/user": () => json({ isAuthenticated: true, id: "5e1f0c2a-8d3b-4c6e-9a7f-0123456789ab", firstName: "Anna", lastName: "Ozola", displayName: "anna", email: "a@b.lv" }),
      "/api/auctions/mine": () => json({ enrolledIds: [7], favouriteIds: [], autoBids: {} }),
      "/api/auctions/7/auto-bid": () =>
        json({ error: { code: "AUCTION_SPEND_LIMIT", message: "This would cross your monthly limit on auction spending.", values: { limitCents: 150, leftCents: 50, resetsAt } } }, 403),
    });
    vi.stubGlobal("fetch", server.fetchStub);
    renderWithRouter(<AutoBidForm auctionId={7} priceCents={12} />);
    await userEvent.type(await screen.findByLabelText("Maximum price (€)"), "0.51");
    await userEvent.click(screen.getByRole("button", { name: "Set auto-bid" }));
    expect(await screen.findByText(/This would cross your monthly limit on auction spending of €1\.50: €0\.50 is left this month\./)).toBeVisible();
    expect(server.calls.filter((call) => call.url === "/api/auctions/7/auto-bid").map((call) => JSON.parse(String(call.init?.body)))).toEqual([{ maxPriceCents: 51 }]);
  });
});
