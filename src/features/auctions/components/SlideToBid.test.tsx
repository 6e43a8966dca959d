// Slide to bid as a user meets it (SPEC.md: slide the thumb to the end, or focus it and press a key): by keyboard and
// by pointer, through the slider's role and name and the status line under it.
import { render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { runningAuctionMachine, type BidOutcome } from "../../../../machines/running-auction.machine";
import { SlideToBid } from "./SlideToBid";

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

function renderSlide({ isWinning = false } = {}) {
  const placeBid = vi.fn(async (_auctionId: number): Promise<BidOutcome> => ({ ok: true, priceCents: 101 }));
  const actor = createActor(
    runningAuctionMachine.provide({
      actors: { placeBid: fromPromise(({ input }: { input: { auctionId: number } }) => placeBid(input.auctionId)) },
      actions: { notifyOutbid: () => undefined },
    }),
    { input: { auctionId: 7, isEnrolled: true, isWinning, isRunning: true } },
  ).start();
  render(<SlideToBid actor={actor} minPreviousEntries={0} />);
  return { placeBid, slider: screen.getByRole("slider", { name: "Bid €0.01" }), status: screen.getByRole("status") };
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

    await user.pointer([{ keys: "[MouseLeft>]", target: slider, coords: { clientX: 10 } }, { coords: { clientX: 10 + TRAVEL_PX / 2 } }, { keys: "[/MouseLeft]" }]);
    expect(placeBid).not.toHaveBeenCalled();
    expect(slider).toHaveAttribute("aria-valuenow", "0");

    await user.pointer([{ keys: "[MouseLeft>]", target: slider, coords: { clientX: 10 } }, { coords: { clientX: 10 + TRAVEL_PX } }, { keys: "[/MouseLeft]" }]);
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
