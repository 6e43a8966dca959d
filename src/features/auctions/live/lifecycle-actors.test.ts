// The page's lifecycle actors wait for their next phase by timers, so a new estimate of the server's clock must reach
// them: an auction whose end the corrected clock has passed reads closing at once, not when its old timer fires.
import { afterEach, expect, it } from "vitest";
import { recordClockSample, resetClockSamples } from "../../../lib/server-clock";
import { auctionPhaseOf, startLifecycle } from "./lifecycle-actors";

afterEach(() => {
  resetClockSamples();
  recordClockSample(0, 0, 0); // offset back to zero
  resetClockSamples();
});

it("reads the server's clock anew when its estimate changes", () => {
  const nowMs = Date.now();
  const lifecycle = startLifecycle("auction-lifecycle #3", { status: "Running", startsAtMs: nowMs - 60_000, endsAtMs: nowMs + 10_000, nowMs });
  expect(auctionPhaseOf(lifecycle.actor.getSnapshot())).toBe("running");

  // A round trip of 10 ms says the server's clock is 20 s ahead of this one.
  const sentAtMs = Date.now();
  recordClockSample(sentAtMs, sentAtMs + 10, sentAtMs + 5 + 20_000);
  expect(auctionPhaseOf(lifecycle.actor.getSnapshot())).toBe("closing");
  lifecycle.stop();
});
