import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { WonAuction } from "../../../contract";
import { auth, recordRequests, server, won as wonHandlers } from "../../../tests/support/msw";
import { renderRoutes } from "../../../tests/support/render";
import { signedInUser, wonAuction } from "../../../tests/support/spa-fixtures";
import { NavigationContent } from "./navigation-content";
import { WinDialog } from "../../features/won/components/win-dialog";
import { OpenLayer } from "../../lib/foreground";
import { useWonAuctions, wonAuctionsQueryOptions } from "../../features/won/api/won-auctions";

// No live socket in these tests: the list comes over REST only.
vi.mock("../../lib/socket", () => import("../../../tests/support/fake-socket"));

const won = (auctionId: number, overrides: Partial<WonAuction> = {}) =>
  wonAuction({ auctionId, title: `Prize ${auctionId}`, finalPriceCents: 250 + auctionId, isSeen: false, ...overrides });

/** What the page last drew of the won list, read by the same hook as the dialog. */
function ListRead() {
  const { data } = useWonAuctions();
  return <p data-testid="list-read">{data?.items.map((item) => `${item.auctionId} ${item.isSeen ? "seen" : "unseen"}`).join(", ")}</p>;
}

/** A reality check open in front of the page until its Continue is pressed. */
function RealityCheckStandIn() {
  const [isOpen, setIsOpen] = useState(true);
  if (!isOpen) return null;
  return (
    <button type="button" onClick={() => setIsOpen(false)}>
      <OpenLayer name="RealityCheck" />
      Continue
    </button>
  );
}

function renderApp(items: WonAuction[], { isRealityCheckOpen = false } = {}) {
  server.use(
    auth.signedIn(signedInUser),
    wonHandlers.wonAuctions(() => items),
    wonHandlers.markSeen(items),
  );
  const requests = recordRequests();
  const layout = (
    <>
      <NavigationContent />
      {isRealityCheckOpen && <RealityCheckStandIn />}
      <WinDialog />
      <ListRead />
    </>
  );
  const view = renderRoutes([
    { path: "/", element: layout },
    { path: "/auctions/won", element: layout },
  ]);
  const seenCalls = () =>
    requests
      .filter((request) => request.path.endsWith("/seen"))
      .map((request) => [request.path, request.method, request.headers.get("X-Requested-With")]);
  return { ...view, seenCalls };
}

describe("the 'You won!' dialog", () => {
  it("waits for a reality check being read, then shows", async () => {
    renderApp([won(9)], { isRealityCheckOpen: true });
    await waitFor(() => expect(screen.getByTestId("list-read")).toHaveTextContent("9 unseen"));
    expect(screen.queryByRole("dialog", { name: "You won!" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("dialog", { name: "You won!" })).toHaveTextContent("Prize 9");
  });

  it("shows each unseen unpaid win in turn with its title and final price; closing marks it seen", async () => {
    // Newest first, as the server sends them: an unseen paid win and a seen unpaid one never show.
    const { seenCalls } = renderApp([
      won(9),
      won(8, { state: "PaymentReceived", paidAt: "2030-01-01T11:00:00.000Z" }),
      won(7, { isSeen: true }),
      won(5),
    ]);
    const first = await screen.findByRole("dialog", { name: "You won!" });
    expect(first).toHaveTextContent("Prize 9");
    expect(first).toHaveTextContent("€2.59");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.getByRole("dialog", { name: "You won!" })).toHaveTextContent("Prize 5"));
    expect(seenCalls()).toEqual([["/api/fulfilments/9/seen", "POST", "XMLHttpRequest"]]);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seenCalls()).toHaveLength(2);
  });

  it("stays closed when a read of the list from before the mark answers after it", async () => {
    // The list's answer never says seen: as a read that left before the mark was written and came back after it.
    const { queryClient, seenCalls } = renderApp([won(6)]);
    fireEvent.click(await screen.findByRole("button", { name: "Close" }));
    await waitFor(() => expect(seenCalls()).toHaveLength(1));
    expect(screen.getByTestId("list-read")).toHaveTextContent("6 seen");
    await queryClient.refetchQueries({ queryKey: wonAuctionsQueryOptions.queryKey });
    // The page has drawn the stale list (the probe reads the same query as the dialog, in the same render) …
    await waitFor(() => expect(screen.getByTestId("list-read")).toHaveTextContent("6 unseen"));
    // … and the dialog stays closed.
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("leads Pay now to that win's pay form on the won-auctions page, and marks it seen", async () => {
    const { router, seenCalls } = renderApp([won(4)]);
    fireEvent.click(await screen.findByRole("button", { name: "Pay now" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname + router.state.location.hash).toBe("/auctions/won#won-4");
    expect(seenCalls()).toEqual([["/api/fulfilments/4/seen", "POST", "XMLHttpRequest"]]);
  });
});

describe("the won auctions item of the navigation", () => {
  it("counts the unpaid wins, seen or not, in its accessible name", async () => {
    renderApp([won(3, { isSeen: true }), won(2, { state: "Delivered", paidAt: "2030-01-01T11:00:00.000Z" }), won(1, { isSeen: true })]);
    expect(await screen.findByRole("link", { name: /Won auctions.*Unpaid wins: 2/ })).toBeInTheDocument();
    expect(screen.getByTestId("unpaid-wins")).toHaveTextContent("2");
  });
});
