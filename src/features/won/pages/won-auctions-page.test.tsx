// The won page: the wins, then the Buy it now purchases under their own heading; one empty state, only when there is
// neither (a bidder with wins and no purchases sees no purchases heading).
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BuyNowPurchase, WonAuction } from "../../../../contract";
import { auth, server, wallet, won } from "../../../../tests/support/msw";
import { renderWithRouter } from "../../../../tests/support/render";
import { buyNowPurchase, signedInUser, wonAuction } from "../../../../tests/support/spa-fixtures";
import { WonAuctionsPage } from "./won-auctions-page";

vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));

const purchase = buyNowPurchase({ title: "Coffee grinder", state: "InDelivery", inDeliveryAt: "2030-01-02T10:00:00.000Z", version: 1 });

function renderPage(wins: WonAuction[], purchases: BuyNowPurchase[]) {
  server.use(
    auth.signedIn(signedInUser),
    won.wonAuctions(() => wins),
    won.purchases(() => purchases),
    wallet.balance(10),
  );
  renderWithRouter(<WonAuctionsPage />, "/auctions/won");
}

describe("the won page", () => {
  it("lists the purchases under their heading: title linking to the auction, amount paid, when, and the stepper", async () => {
    renderPage([wonAuction()], [purchase]);
    const section = await screen.findByRole("region", { name: "Your Buy it now purchases" });
    const card = within(section).getByRole("article", { name: "Coffee grinder" });
    expect(within(card).getByRole("link", { name: "Coffee grinder" })).toHaveAttribute("href", "/auctions/9");
    expect(card).toHaveTextContent("Amount paid€19.00");
    expect(within(card).getByText("Bought on")).toBeInTheDocument();
    expect(within(card).getByRole("list", { name: "Fulfilment progress" }).querySelector("[aria-current=step]")).toHaveTextContent(
      "Out for delivery",
    );
    expect(screen.getByRole("article", { name: "Espresso machine" })).toBeInTheDocument();
    expect(screen.queryByText("You have not won any auctions yet.")).not.toBeInTheDocument();
  });

  it("shows purchases alone without the empty state", async () => {
    renderPage([], [purchase]);
    expect(await screen.findByRole("article", { name: "Coffee grinder" })).toBeInTheDocument();
    expect(screen.queryByText("You have not won any auctions yet.")).not.toBeInTheDocument();
  });

  it("shows wins alone without a purchases heading", async () => {
    renderPage([wonAuction()], []);
    expect(await screen.findByRole("article", { name: "Espresso machine" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your Buy it now purchases" })).not.toBeInTheDocument();
  });

  it("shows one empty state when there are neither wins nor purchases", async () => {
    renderPage([], []);
    expect(await screen.findByText("You have not won any auctions yet.")).toBeInTheDocument();
  });
});
