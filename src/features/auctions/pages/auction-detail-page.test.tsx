// The auction's page says where the signed-in bidder stands as the server has it: the leader's public id in the
// auction's state beside the bidder's own id, never a comparison of display names (a name can change mid-auction).
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { auctionState, signedInUser } from "../../../../tests/support/spa-fixtures";
import { auctions, auth, reviews, server, wallet } from "../../../../tests/support/msw";
import { renderRoutes } from "../../../../tests/support/render";
import { useAuthActor, useUser } from "../../auth";
import { AuctionDetailPage } from "./auction-detail-page";

vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
const alertOutbid = vi.hoisted(() => vi.fn());
vi.mock(import("../bid-sound-player"), async (original) => ({ ...(await original()), alertOutbid }));

afterEach(() => alertOutbid.mockReset());

const ANNA_ID = "0b7c6a1e-0000-4000-8000-00000000a77a";
const OTTO_ID = "0b7c6a1e-0000-4000-8000-0000000000o7";

/** Auction 7, running for a good while yet (or `ended`), with `leader` leading (or the winner); Anna is enrolled. */
function serve(leader: { id: string; name: string }, user: { displayName: string }, ended?: "ended", rules: { manualOnly?: boolean } = {}) {
  const led = { leaderName: leader.name, leaderId: leader.id };
  const state = ended
    ? { ...led, status: "Ended" as const, endsAt: "2026-01-01T00:00:00.000Z", winnerName: leader.name, winnerId: leader.id }
    : { ...led, endsAt: "2099-01-01T00:00:00.000Z" };
  const answers = {
    user: { ...signedInUser, id: ANNA_ID, ...user },
    auction: {
      ...auctionState({ id: 7, priceCents: 42, bidCount: 42, ...state, ...rules }),
      description: "A fine thing.",
      images: [],
      paymentWindowHours: 72,
    },
  };
  server.use(
    auth.current(() => answers.user),
    auctions.detail(7, () => answers.auction),
    auctions.mine({ enrolledIds: [7] }),
    wallet.balance(20),
    wallet.spendLimits(),
    ...auctions.besideDetail(7, 42),
    reviews.ofProduct(7),
  );
  return answers;
}

/** The page, with a way to tell the auth actor the signed-in user changed (as the profile page does after a save). */
function renderPage() {
  let refreshUser = () => undefined as void;
  function UserRefresher() {
    const auth = useAuthActor();
    const { data: user } = useUser();
    refreshUser = () => auth.send({ type: "user.refresh" });
    return <p>Signed in as {user?.isAuthenticated ? user.displayName : "nobody"}</p>;
  }
  renderRoutes(
    [
      {
        path: "auctions/:auctionId",
        element: (
          <>
            <UserRefresher />
            <AuctionDetailPage />
          </>
        ),
      },
    ],
    "/auctions/7",
  );
  return { refreshUser: () => act(refreshUser) };
}

const bidPanel = () => screen.findByRole("region", { name: "Bidding" });

describe("the auction's page: where the bidder stands", () => {
  it("shows the bidder leading when the server's leader is they, and keeps it when they rename themself mid-auction", async () => {
    const answers = serve({ id: ANNA_ID, name: "anna" }, { displayName: "anna" });
    const { refreshUser } = renderPage();
    const panel = await bidPanel();
    expect(await within(panel).findByRole("slider", { name: "Bid €0.01" })).toHaveAttribute("aria-valuetext", "You are leading");

    answers.user = { ...answers.user, displayName: "anna_b" };
    await refreshUser();
    await vi.waitFor(() => expect(screen.getByText("Signed in as anna_b")).toBeInTheDocument());

    expect(within(panel).getByRole("slider", { name: "Bid €0.01" })).toHaveAttribute("aria-valuetext", "You are leading");
    expect(within(panel).getByRole("status")).toHaveTextContent("We will tell you at once if someone outbids you.");
    expect(alertOutbid).not.toHaveBeenCalled();
  });

  it("does not show the bidder leading when another bidder leads under the bidder's own name of before", async () => {
    serve({ id: OTTO_ID, name: "anna" }, { displayName: "anna" });
    renderPage();
    const panel = await bidPanel();
    const slider = await within(panel).findByRole("slider", { name: "Bid €0.01" });
    expect(slider).toHaveAttribute("aria-valuetext", "Slide to the end to bid");
    expect(slider).not.toHaveAttribute("aria-disabled");
  });

  it("tells the winner they won by the server's winner id, though the name it shows is the one they had then", async () => {
    serve({ id: ANNA_ID, name: "anna" }, { displayName: "anna_b" }, "ended");
    renderPage();
    const panel = await bidPanel();
    expect(await within(panel).findByText("You won this auction!")).toBeInTheDocument();
  });

  it("does not tell a bidder they won when another bidder won under the bidder's own name", async () => {
    serve({ id: OTTO_ID, name: "anna" }, { displayName: "anna" }, "ended");
    renderPage();
    const panel = await bidPanel();
    expect(await within(panel).findByText("Winner")).toBeInTheDocument();
    expect(within(panel).queryByText("You won this auction!")).toBeNull();
  });
});

describe("the auction's page: a manual-only auction (decision 101)", () => {
  it("says manual bids only in the bid panel and offers the enrolled bidder no auto-bid", async () => {
    serve({ id: OTTO_ID, name: "otto" }, { displayName: "anna" }, undefined, { manualOnly: true });
    renderPage();
    const panel = await bidPanel();
    expect(await within(panel).findByText("Manual bids only")).toBeInTheDocument();
    expect(within(panel).getByText("No auto-bids in this auction: every bid is placed by hand.")).toBeInTheDocument();
    await within(panel).findByRole("slider", { name: "Bid €0.01" });
    expect(screen.queryByRole("heading", { name: "Auto-bid" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Set auto-bid" })).toBeNull();
  });

  it("offers the auto-bid in an ordinary auction, without the badge", async () => {
    serve({ id: OTTO_ID, name: "otto" }, { displayName: "anna" });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Auto-bid" })).toBeInTheDocument();
    expect(within(await bidPanel()).queryByText("Manual bids only")).toBeNull();
  });
});
