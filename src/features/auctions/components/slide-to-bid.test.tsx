// Slide to bid as a user meets it (SPEC.md: slide the thumb to the end, or focus it and press a key): by keyboard and
// by pointer, through the slider's role and name and the status line under it.
import { act, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { fromPromise } from "xstate";
import type { AuctionPhase } from "../../../../contract/auction-countdown";
import { runningAuctionMachine, type BidOutcome } from "../../../../machines/running-auction.machine";
import { socketTakesCommands } from "../../../../tests/support/fake-socket";
import { HttpResponse } from "msw";
import { auctions, recordRequests, server } from "../../../../tests/support/msw";
import { json } from "../../../../tests/support/render";
import { placeBid as placeBidOnServer } from "../api/my-auctions";
import { RunningAuctionProvider } from "../live/running-auction-context";
import { SlideToBid } from "./slide-to-bid";

// The page's socket: down unless a test connects it and says what it acks a bid with.
vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));

// The track is 300 px wide in a browser; happy-dom lays nothing out, so the test gives it that width.
const TRACK_PX = 300;
const TRAVEL_PX = TRACK_PX - 56 - 8;
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(TRACK_PX);
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(private readonly onResize: () => void) {}
      observe() {
        this.onResize();
      }
      disconnect() {}
    },
  );
});
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/**
 * The control under the page's running-auction actor, its bid answered by `bid`; `showPhase` moves the auction on as
 * the page's lifecycle actor would (closing, then the server's Ended).
 */
function renderSlide({
  isWinning = false,
  phase = "running" as AuctionPhase,
  bid = async (_auctionId: number): Promise<BidOutcome> => ({ ok: true, priceCents: 101 }),
} = {}) {
  const placeBid = vi.fn(bid);
  const logic = runningAuctionMachine.provide({
    actors: { placeBid: fromPromise(({ input }: { input: { auctionId: number } }) => placeBid(input.auctionId)) },
    actions: { notifyOutbid: () => undefined },
  });
  const page = (shown: AuctionPhase) => (
    <RunningAuctionProvider
      logic={logic}
      auctionId={7}
      phase={shown}
      isEnrolled
      bidderId="anna-id"
      leaderId={isWinning ? "anna-id" : "otto-id"}
    >
      <SlideToBid minPreviousEntries={0} />
    </RunningAuctionProvider>
  );
  const view = render(page(phase));
  return {
    placeBid,
    slider: screen.getByRole("slider", { name: "Bid €0.01" }),
    status: screen.getByRole("status"),
    showPhase: (shown: AuctionPhase) => view.rerender(page(shown)),
  };
}

describe("slide to bid", () => {
  it("bids with Enter once the thumb has focus, and says the bid is in", async () => {
    const user = userEvent.setup();
    const { placeBid, slider, status } = renderSlide();
    expect(status).toHaveTextContent("Slide to the end to bid");

    await user.tab();
    expect(slider).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(await screen.findByText("Your bid is in!")).toBe(status);
    expect(placeBid).toHaveBeenCalledExactlyOnceWith(7);
  });

  it("moves a third of the way per right arrow, bids at the end, and goes back with Escape", async () => {
    const user = userEvent.setup();
    const { placeBid, slider, status } = renderSlide();
    slider.focus();

    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(slider).toHaveAttribute("aria-valuenow", "68");
    await user.keyboard("{Escape}");
    expect(slider).toHaveAttribute("aria-valuenow", "0");
    expect(placeBid).not.toHaveBeenCalled();

    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    await vi.waitFor(() => expect(status).toHaveTextContent("Your bid is in!"));
    expect(placeBid).toHaveBeenCalledOnce();
  });

  it("bids when dragged to the end, and not when let go before it", async () => {
    const user = userEvent.setup();
    const { placeBid, slider, status } = renderSlide();

    await user.pointer([
      { keys: "[MouseLeft>]", target: slider, coords: { clientX: 10 } },
      { coords: { clientX: 10 + TRAVEL_PX / 2 } },
      { keys: "[/MouseLeft]" },
    ]);
    expect(placeBid).not.toHaveBeenCalled();
    expect(slider).toHaveAttribute("aria-valuenow", "0");

    await user.pointer([
      { keys: "[MouseLeft>]", target: slider, coords: { clientX: 10 } },
      { coords: { clientX: 10 + TRAVEL_PX } },
      { keys: "[/MouseLeft]" },
    ]);
    await vi.waitFor(() => expect(status).toHaveTextContent("Your bid is in!"));
    expect(placeBid).toHaveBeenCalledOnce();
  });

  it("is off for the bidder already leading: a key only tells them so", async () => {
    const user = userEvent.setup();
    const { placeBid, slider, status } = renderSlide({ isWinning: true });
    expect(slider).toHaveAttribute("aria-disabled", "true");
    expect(slider).toHaveAttribute("aria-valuetext", "You are leading");

    slider.focus();
    await user.keyboard("{Enter}");

    expect(status).toHaveTextContent("You are already winning");
    expect(placeBid).not.toHaveBeenCalled();
  });
});

describe("slide to bid while the auction cannot be reached", () => {
  const outage = {
    error: {
      code: "SERVICE_UNAVAILABLE",
      message: "The service is unavailable right now. Please try again in a few seconds.",
      values: { retryAfterSeconds: 5 },
    },
  };
  it("says the bid was not placed when the server answers the bid with 503 SERVICE_UNAVAILABLE", async () => {
    server.use(auctions.placeBid(7, () => json(outage, 503)));
    const requests = recordRequests();
    const user = userEvent.setup();
    const { status } = renderSlide({ bid: placeBidOnServer });

    screen.getByRole("slider", { name: "Bid €0.01" }).focus();
    await user.keyboard("{Enter}");

    await vi.waitFor(() => expect(status).toHaveTextContent("We can't reach the auction right now; your bid was not placed"));
    expect(requests.map((request) => [request.path, request.method])).toEqual([["/api/auctions/7/bids", "POST"]]);
  });

  it("says the same when the socket acks the bid with SERVICE_UNAVAILABLE", async () => {
    socketTakesCommands({ "bid:place": () => outage });
    const user = userEvent.setup();
    const { status } = renderSlide({ bid: placeBidOnServer });

    screen.getByRole("slider", { name: "Bid €0.01" }).focus();
    await user.keyboard("{Enter}");

    await vi.waitFor(() => expect(status).toHaveTextContent("We can't reach the auction right now; your bid was not placed"));
  });
});

describe("slide to bid in the last moment: the server judges it, and the control says its answer", () => {
  const ended: BidOutcome = { ok: false, code: "AUCTION_ENDED", message: "Auction has ended" };

  it("a slide completed while the auction is closing is sent: 'Sending…', then the server's 'Auction has ended'", async () => {
    let answer: (outcome: BidOutcome) => void = () => undefined;
    const user = userEvent.setup();
    const { placeBid, slider, status } = renderSlide({ phase: "closing", bid: () => new Promise((resolve) => (answer = resolve)) });

    slider.focus();
    await user.keyboard("{Enter}");

    expect(placeBid).toHaveBeenCalledExactlyOnceWith(7);
    expect(status).toHaveTextContent("Sending…");
    expect(slider).toHaveAttribute("aria-valuetext", "Sending…");
    await act(async () => answer(ended));
    expect(status).toHaveTextContent("Auction has ended");
  });

  it("a slide while the auction is closing goes to the server on the page's socket, and its refusal is shown in the bidder's words", async () => {
    socketTakesCommands({ "bid:place": () => ({ error: { code: "AUCTION_ENDED", message: "Auction has ended" } }) });
    const user = userEvent.setup();
    const { slider, status } = renderSlide({ phase: "closing", bid: placeBidOnServer });

    slider.focus();
    await user.keyboard("{Enter}");

    await vi.waitFor(() => expect(status).toHaveTextContent("Auction has ended"));
  });

  it("a bid the server takes while the auction is closing says it is in", async () => {
    const user = userEvent.setup();
    const { placeBid, slider, status } = renderSlide({ phase: "closing" });

    slider.focus();
    await user.keyboard("{Enter}");

    await vi.waitFor(() => expect(status).toHaveTextContent("Your bid is in!"));
    expect(placeBid).toHaveBeenCalledOnce();
  });

  it("when the server's Ended comes while the bid is on its way, the control goes and the same status line gives the answer", async () => {
    let answer: (outcome: BidOutcome) => void = () => undefined;
    const user = userEvent.setup();
    const { slider, status, showPhase } = renderSlide({ phase: "closing", bid: () => new Promise((resolve) => (answer = resolve)) });
    slider.focus();
    await user.keyboard("{Enter}");

    showPhase("ended");

    expect(screen.queryByRole("slider")).toBeNull();
    expect(screen.getByRole("status")).toBe(status);
    expect(status).toHaveTextContent("Sending…");
    await act(async () => answer(ended));
    expect(status).toHaveTextContent("Auction has ended");
  });
});

describe("slide to bid while offline", () => {
  let offline: MockInstance | undefined;
  afterEach(() => {
    vi.unstubAllGlobals();
    offline?.mockRestore();
  });

  it("sends nothing and says SPEC.md's bid failure at once", async () => {
    offline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    server.use(auctions.placeBid(7, () => json({ priceCents: 102 })));
    const requests = recordRequests();
    const user = userEvent.setup();
    const { status } = renderSlide({ bid: placeBidOnServer });

    screen.getByRole("slider", { name: "Bid €0.01" }).focus();
    await user.keyboard("{Enter}");

    await vi.waitFor(() =>
      expect(status).toHaveTextContent("Failed to place bid. Please try again later. Contact support if the issue persist."),
    );
    expect(requests).toEqual([]);
  });

  it("says the same when the request finds no network on its way", async () => {
    server.use(auctions.placeBid(7, () => HttpResponse.error()));
    const user = userEvent.setup();
    const { status } = renderSlide({ bid: placeBidOnServer });

    screen.getByRole("slider", { name: "Bid €0.01" }).focus();
    await user.keyboard("{Enter}");

    await vi.waitFor(() =>
      expect(status).toHaveTextContent("Failed to place bid. Please try again later. Contact support if the issue persist."),
    );
  });
});
