import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuctionOutbid, AutoBidRemoved } from "../../../../contract";
import { myAuctionsQueryOptions } from "../api/my-auctions";
import { Toaster } from "../../../components/ui/toast";
import { listenersOf, serverSends } from "../../../../tests/support/fake-socket";
import { auth, server } from "../../../../tests/support/msw";
import { renderRoutes } from "../../../../tests/support/render";
import { OutbidAlerts, createOutbidThrottle } from "./outbid-alerts";

// The test plays the server's `auction:outbid`.
vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
const alertOutbid = vi.fn();
vi.mock("../bid-sound-player", () => ({ alertOutbid: () => alertOutbid() }));

const signedIn = {
  isAuthenticated: true,
  id: "5e1f0c2a-8d3b-4c6e-9a7f-0123456789ab",
  firstName: "Anna",
  lastName: "Bērziņa",
  displayName: "anna",
  email: "a@b.lv",
};
const outbid = (auctionId: number): AuctionOutbid => ({ auctionId, title: `Speaker ${auctionId}`, priceCents: 42, leaderName: "otto" });
/** A notice from the server, handled: the handler parses it once the socket's schemas have loaded. */
const serverSays = (notice: AuctionOutbid) =>
  act(async () => {
    serverSends("auction:outbid", notice);
    await Promise.all([import("../../../../contract/socket"), import("../bid-sound-player")]);
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2030-01-01T10:00:00Z"));
  alertOutbid.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  document.querySelectorAll<HTMLElement>("[data-kind] button[aria-label='Close']").forEach((button) => button.click());
});

async function renderAt(path: string) {
  server.use(auth.signedIn(signedIn));
  const page = (
    <>
      <OutbidAlerts />
      <Toaster />
    </>
  );
  const view = renderRoutes([{ path: "*", element: page }], path);
  await waitFor(() => expect(listenersOf("auction:outbid")).toBe(1));
  return view;
}

describe("outbid anywhere", () => {
  it("toasts in the polite live region with a link to the auction, and chimes; one per auction per five seconds", async () => {
    const { router } = await renderAt("/wallet");
    await serverSays(outbid(3));
    const region = screen.getByRole("status");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(region).toHaveTextContent("You have been outbid on “Speaker 3”.");
    expect(within(region).getByRole("link", { name: "Open the auction" })).toHaveAttribute("href", "/auctions/3");
    expect(alertOutbid).toHaveBeenCalledOnce();

    // Again within five seconds: nothing new, however often; another auction toasts at once.
    vi.setSystemTime(new Date("2030-01-01T10:00:04.900Z"));
    await serverSays(outbid(3));
    expect(alertOutbid).toHaveBeenCalledOnce();
    await serverSays(outbid(4));
    expect(screen.getByRole("status")).toHaveTextContent("Speaker 4");
    expect(alertOutbid).toHaveBeenCalledTimes(2);
    vi.setSystemTime(new Date("2030-01-01T10:00:05Z"));
    await serverSays(outbid(3));
    expect(screen.getByRole("status")).toHaveTextContent("Speaker 3");
    expect(alertOutbid).toHaveBeenCalledTimes(3);

    // The link goes there through the router, and the toast goes.
    fireEvent.click(within(screen.getByRole("status")).getByRole("link", { name: "Open the auction" }));
    expect(router.state.location.pathname).toBe("/auctions/3");
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("stays away on the auction's own page, which shows the outbid itself", async () => {
    await renderAt("/auctions/3");
    await serverSays(outbid(3));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(alertOutbid).not.toHaveBeenCalled();
    await serverSays(outbid(5));
    expect(screen.getByRole("status")).toHaveTextContent("Speaker 5");
  });
});

describe("an auto-bid removed by a switch to manual bids only (decision 111)", () => {
  const removed = (notice: AutoBidRemoved) =>
    act(async () => {
      serverSends("auction:auto-bid-removed", notice);
      await Promise.all([import("../../../../contract/socket"), import("../bid-sound-player"), import("../api/my-auctions")]);
    });

  it("is said on any page with a link to the auction, and the bidder's lists are read anew", async () => {
    const { queryClient } = await renderAt("/wallet");
    queryClient.setQueryData(myAuctionsQueryOptions.queryKey, { enrolledIds: [7], favouriteIds: [], autoBids: {} });
    await removed({ auctionId: 7, title: "Speaker 7" });
    const region = screen.getByRole("status");
    expect(region).toHaveTextContent("Your auto-bid on “Speaker 7” was removed: this auction now takes bids by hand only.");
    expect(within(region).getByRole("link", { name: "Open the auction" })).toHaveAttribute("href", "/auctions/7");
    expect(queryClient.getQueryState(myAuctionsQueryOptions.queryKey)?.isInvalidated).toBe(true);
    // Not an outbid: no chime.
    expect(alertOutbid).not.toHaveBeenCalled();
  });

  it("is said on the auction's own page too, where the auto-bid form goes without a word, with no link to where one is", async () => {
    await renderAt("/auctions/7");
    await removed({ auctionId: 7, title: "Speaker 7" });
    const region = screen.getByRole("status");
    expect(region).toHaveTextContent("Your auto-bid on “Speaker 7” was removed");
    expect(within(region).queryByRole("link")).toBeNull();
  });
});

describe("the outbid throttle", () => {
  it("lets one auction through at most once per gap, each auction on its own", () => {
    const mayToast = createOutbidThrottle(5000);
    expect([mayToast(1, 0), mayToast(1, 4999), mayToast(2, 4999), mayToast(1, 5000), mayToast(2, 9998), mayToast(2, 9999)]).toEqual([
      true,
      false,
      true,
      true,
      false,
      true,
    ]);
  });
});
