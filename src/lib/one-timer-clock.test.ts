import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOneTimerClock } from "./one-timer-clock";

describe("a one-timer clock", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const clockOnFakeTime = () => createOneTimerClock(() => Date.now());

  it("runs each delay at its time, in the order of their times, and never one that was cleared", () => {
    const clock = clockOnFakeTime();
    const ran: string[] = [];
    clock.setTimeout(() => ran.push("300"), 300);
    const cleared = clock.setTimeout(() => ran.push("cleared"), 200);
    clock.setTimeout(() => ran.push("100"), 100);
    clock.setTimeout(() => ran.push("also 300"), 300);
    clock.clearTimeout(cleared);
    vi.advanceTimersByTime(99);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["100"]);
    vi.advanceTimersByTime(200);
    expect(ran).toEqual(["100", "300", "also 300"]);
    vi.advanceTimersByTime(10_000);
    expect(ran).toEqual(["100", "300", "also 300"]);
  });

  it("holds hundreds of delays set and cleared again on one browser timer", () => {
    const clock = clockOnFakeTime();
    const ran: number[] = [];
    const browserTimers = vi.spyOn(globalThis, "setTimeout");
    const ids = Array.from({ length: 500 }, (_, card) => clock.setTimeout(() => ran.push(card), 10_000 + card));
    expect(browserTimers).toHaveBeenCalledTimes(1);
    // Each card's end moves on by a bid: its delay is cleared and set later.
    ids.forEach((id, card) => {
      clock.clearTimeout(id);
      clock.setTimeout(() => ran.push(card), 20_000 + card);
    });
    expect(browserTimers).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(19_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(ran).toEqual(Array.from({ length: 500 }, (_, card) => card));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("runs delays that fell due together (a browser timer that fired late) in the order of their times", () => {
    let time = 0;
    const clock = createOneTimerClock(() => time);
    const ran: string[] = [];
    clock.setTimeout(() => ran.push("300"), 300);
    clock.setTimeout(() => ran.push("200"), 200);
    time = 500;
    vi.advanceTimersByTime(200);
    expect(ran).toEqual(["200", "300"]);
  });

  it("takes delays set and cleared by the runs themselves", () => {
    const clock = clockOnFakeTime();
    const ran: string[] = [];
    let other = 0;
    clock.setTimeout(() => {
      ran.push("first");
      clock.clearTimeout(other);
      clock.setTimeout(() => ran.push("set by the first"), 50);
    }, 100);
    other = clock.setTimeout(() => ran.push("cleared by the first"), 100);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(["first"]);
    vi.advanceTimersByTime(50);
    expect(ran).toEqual(["first", "set by the first"]);
  });

  it("waits for a delay longer than one browser timer keeps, in steps", () => {
    const clock = clockOnFakeTime();
    const ran: string[] = [];
    const day = 86_400_000;
    const browserTimers = vi.spyOn(globalThis, "setTimeout");
    clock.setTimeout(() => ran.push("in 30 days"), 30 * day);
    // Not a timer that overflows and fires at once, again and again.
    vi.advanceTimersByTime(10);
    expect(browserTimers).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(29 * day);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(day);
    expect(ran).toEqual(["in 30 days"]);
  });
});
