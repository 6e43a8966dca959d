import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auctionState } from "../../tests/support/spa-fixtures";
import { coalescedByAuction } from "./feed";

describe("an auction's updates within a few milliseconds go out as one", () => {
  let sent: { id: number; seq: number }[];
  let publish: ReturnType<typeof coalescedByAuction>;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    publish = coalescedByAuction((state) => sent.push({ id: state.id, seq: state.seq }), 5);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the first at once, then only the newest of those that follow within the window", () => {
    publish(auctionState({ id: 1, seq: 1 }));
    expect(sent).toEqual([{ id: 1, seq: 1 }]);
    publish(auctionState({ id: 1, seq: 2 }));
    publish(auctionState({ id: 1, seq: 4 }));
    publish(auctionState({ id: 1, seq: 3 }));
    vi.advanceTimersByTime(4);
    expect(sent).toEqual([{ id: 1, seq: 1 }]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      { id: 1, seq: 1 },
      { id: 1, seq: 4 },
    ]);
  });

  it("keeps each auction's window apart", () => {
    publish(auctionState({ id: 1, seq: 1 }));
    publish(auctionState({ id: 2, seq: 7 }));
    publish(auctionState({ id: 1, seq: 2 }));
    expect(sent).toEqual([
      { id: 1, seq: 1 },
      { id: 2, seq: 7 },
    ]);
    vi.runAllTimers();
    expect(sent).toEqual([
      { id: 1, seq: 1 },
      { id: 2, seq: 7 },
      { id: 1, seq: 2 },
    ]);
  });

  it("never sends a state older than one it sent (a read racing a bid)", () => {
    publish(auctionState({ id: 1, seq: 5 }));
    publish(auctionState({ id: 1, seq: 4 }));
    vi.runAllTimers();
    expect(sent).toEqual([{ id: 1, seq: 5 }]);
  });

  it("sends at once again once a window has passed quietly", () => {
    publish(auctionState({ id: 1, seq: 1 }));
    vi.advanceTimersByTime(5);
    publish(auctionState({ id: 1, seq: 2 }));
    expect(sent).toEqual([
      { id: 1, seq: 1 },
      { id: 1, seq: 2 },
    ]);
  });
});
