import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startRepeating } from "./repeating";

/** A round the test ends by hand. */
function heldRounds() {
  const releases: (() => void)[] = [];
  const round = vi.fn(() => new Promise<void>((resolve) => releases.push(resolve)));
  return { round, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

describe("startRepeating", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs a round at once and never starts one while another is in flight", async () => {
    const held = heldRounds();
    const job = startRepeating({ name: "test", round: held.round, intervalMs: 100, onError: () => undefined });
    expect(held.round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(350);
    expect(held.round).toHaveBeenCalledTimes(1);
    held.releaseAll();
    await vi.advanceTimersByTimeAsync(100);
    expect(held.round).toHaveBeenCalledTimes(2);
    held.releaseAll();
    await job.stop();
  });

  it("hands a failed round to onError and runs the next as usual", async () => {
    const onError = vi.fn();
    const round = vi.fn().mockRejectedValueOnce(new Error("gone")).mockResolvedValue(undefined);
    const job = startRepeating({ name: "test", round, intervalMs: 100, onError });
    await vi.advanceTimersByTimeAsync(100);
    expect(onError).toHaveBeenCalledWith(new Error("gone"));
    expect(round).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it("stops: waits for the round in flight and starts none after", async () => {
    const held = heldRounds();
    const job = startRepeating({ name: "test", round: held.round, intervalMs: 100, onError: () => undefined });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.releaseAll();
    await stopping;
    await vi.advanceTimersByTimeAsync(500);
    expect(held.round).toHaveBeenCalledTimes(1);
  });
});
