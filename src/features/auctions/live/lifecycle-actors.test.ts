// The page's lifecycle actors wait for their next phase by timers, so a new estimate of the server's clock must reach
// them: an auction whose end the corrected clock has passed reads closing at once, not when its old timer fires.
import { afterEach, expect, it, vi } from "vitest";
import { recordClockSample, resetClockSamples } from "../../../lib/server-clock";
import { auctionPhaseOf, startLifecycle } from "./lifecycle-actors";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetClockSamples();
  recordClockSample(0, 0, 0); // offset back to zero
  resetClockSamples();
});

it("reads the server's clock anew when its estimate changes", () => {
  const nowMs = Date.now();
  const lifecycle = startLifecycle("auction-lifecycle #3", {
    status: "Running",
    startsAtMs: nowMs - 60_000,
    endsAtMs: nowMs + 10_000,
    nowMs,
  });
  expect(auctionPhaseOf(lifecycle.actor.getSnapshot())).toBe("running");

  // A round trip of 10 ms says the server's clock is 20 s ahead of this one.
  const sentAtMs = Date.now();
  recordClockSample(sentAtMs, sentAtMs + 10, sentAtMs + 5 + 20_000);
  expect(auctionPhaseOf(lifecycle.actor.getSnapshot())).toBe("closing");
  lifecycle.stop();
});

it("holds the timers of many cards on one browser timer, a bid on each setting none (decision 053)", () => {
  vi.useFakeTimers();
  const nowMs = Date.now();
  const browserTimers = vi.spyOn(globalThis, "setTimeout");
  const lifecycles = [10, 20, 30].map((seconds, index) =>
    startLifecycle(`auction-lifecycle #${index + 10}`, {
      status: "Running",
      startsAtMs: nowMs - 60_000,
      endsAtMs: nowMs + seconds * 1000,
      nowMs,
    }),
  );
  expect(browserTimers).toHaveBeenCalledTimes(1);
  // A bid on each: its timer to the end is cleared and set again, for a later end.
  for (const [index, lifecycle] of lifecycles.entries()) {
    lifecycle.actor.send({
      type: "auction.updated",
      status: "Running",
      startsAtMs: nowMs - 60_000,
      endsAtMs: nowMs + 40_000 + index * 1000,
      nowMs,
    });
  }
  expect(browserTimers).toHaveBeenCalledTimes(1);
  expect(lifecycles.map((lifecycle) => auctionPhaseOf(lifecycle.actor.getSnapshot()))).toEqual(["running", "running", "running"]);
  // Each closes at its own new end.
  vi.advanceTimersByTime(40_000);
  expect(lifecycles.map((lifecycle) => auctionPhaseOf(lifecycle.actor.getSnapshot()))).toEqual(["closing", "running", "running"]);
  vi.advanceTimersByTime(2000);
  expect(lifecycles.map((lifecycle) => auctionPhaseOf(lifecycle.actor.getSnapshot()))).toEqual(["closing", "closing", "closing"]);
  lifecycles.forEach((lifecycle) => lifecycle.stop());
});
