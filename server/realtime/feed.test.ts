import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuctionState } from "../../contract";
import { auctionState } from "../../tests/support/spa-fixtures";
import { coalescedByAuction, createStateEmitter, LIST_BATCH_MS } from "./feed";

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

describe("the lists hear an auction's updates batched (decision 054)", () => {
  type Sent = { rooms: string[]; event: string; states: { id: number; seq: number; status: string; hasBids: boolean }[] };
  let sent: Sent[];
  let emitState: ReturnType<typeof createStateEmitter>;
  const short = ({ id, seq, status, ...rest }: AuctionState) => ({ id, seq, status, hasBids: "recentBids" in rest });
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    // Only `to(...).emit(...)` of socket.io's server is used: a recorder of what went to which rooms.
    const io = {
      to: (rooms: string | string[]) => ({
        emit: (event: string, payload: AuctionState | AuctionState[]) => {
          sent.push({ rooms: [rooms].flat(), event, states: [payload].flat().map(short) });
        },
      }),
    } as unknown as Parameters<typeof createStateEmitter>[0];
    emitState = createStateEmitter(io);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const toLists = () =>
    sent
      .filter((each) => each.event === "auctions:updated")
      .map(({ states, ...each }) => ({ ...each, states: states.map(withoutBidsFlag) }));
  const toAuctions = () => sent.filter((each) => each.event === "auction:updated");
  const withoutBidsFlag = ({ hasBids: _hasBids, ...state }: Sent["states"][number]) => state;

  it("sends an auction's room its whole state, and the lists its card's, without the recent bids (decision 056)", () => {
    emitState(
      auctionState({
        id: 1,
        seq: 1,
        recentBids: [{ displayName: "Anna", label: null, priceCents: 1, placedAt: "2026-11-28T10:00:00.000Z", hash: "h", isAuto: false }],
      }),
    );
    expect(sent.map(({ event, states }) => [event, states.map((state) => state.hasBids)])).toEqual([
      ["auction:updated", [true]],
      ["auctions:updated", [false]],
    ]);
  });

  it("tells an auction's room each update as before, and the lists the first at once, then one message a window", () => {
    emitState(auctionState({ id: 1, seq: 1 }));
    expect(toLists()).toEqual([
      { rooms: ["status:Waiting", "status:Running"], event: "auctions:updated", states: [{ id: 1, seq: 1, status: "Running" }] },
    ]);
    for (let id = 2; id <= 6; id++) emitState(auctionState({ id, seq: 1 }));
    expect(toAuctions().map((each) => each.rooms)).toEqual([1, 2, 3, 4, 5, 6].map((id) => [`auction:${id}`]));
    expect(toLists()).toHaveLength(1);
    vi.advanceTimersByTime(LIST_BATCH_MS - 1);
    expect(toLists()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toLists()).toHaveLength(2);
    expect(toLists()[1]?.states.map((state) => state.id)).toEqual([2, 3, 4, 5, 6]);
    vi.runAllTimers();
    expect(toLists()).toHaveLength(2);
  });

  it("sends the lists each auction's newest state once, to the lists it reaches now", () => {
    emitState(auctionState({ id: 1, seq: 1 }));
    vi.advanceTimersByTime(1);
    emitState(auctionState({ id: 1, seq: 2 }));
    emitState(auctionState({ id: 2, seq: 1 }));
    emitState(auctionState({ id: 1, seq: 3, status: "Ended" }));
    vi.runAllTimers();
    expect(toLists()).toEqual([
      { rooms: ["status:Waiting", "status:Running"], event: "auctions:updated", states: [{ id: 1, seq: 1, status: "Running" }] },
      { rooms: ["status:Waiting", "status:Running"], event: "auctions:updated", states: [{ id: 2, seq: 1, status: "Running" }] },
      { rooms: ["status:Running", "status:Ended"], event: "auctions:updated", states: [{ id: 1, seq: 3, status: "Ended" }] },
    ]);
    // The auction's own room: the first at once, the newest of the two that followed within COALESCE_MS.
    expect(
      toAuctions()
        .filter((each) => each.rooms[0] === "auction:1")
        .map((each) => each.states[0]?.seq),
    ).toEqual([1, 3]);
  });
});
