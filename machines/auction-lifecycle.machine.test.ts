import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, initialTransition } from "xstate";
import fc from "fast-check";
import { auctionStatuses } from "../contract/constants";
import {
  auctionLifecycleMachine,
  auctionPhaseOf,
  startingPhaseOf,
  type LifecycleEvent,
  type LifecycleInput,
} from "./auction-lifecycle.machine";
import { STARTING_LABEL_MS, secondsToStart } from "../contract/auction-countdown";
import { generatePaths, isDelayIn, walkAgainst, type Oracle } from "../tests/support/machine-paths";

const T = 1_000_000;

/** The phase the machine starts in for `input`, as a screen would show it. */
const phaseAt = (input: LifecycleInput) => auctionPhaseOf(initialTransition(auctionLifecycleMachine, input)[0]);

afterEach(() => vi.useRealTimers());

describe("the phase an auction starts in, written out", () => {
  it("is the machine's own first phase for any auction at any moment, its edges included", () => {
    const around = (edgeMs: number) => fc.integer({ min: edgeMs - 3, max: edgeMs + 3 });
    const input = fc
      .record({
        status: fc.constantFrom(...auctionStatuses),
        startsAtMs: fc.integer({ min: 0, max: 4e12 }),
        endsAtMs: fc.option(fc.integer({ min: 0, max: 4e12 })),
      })
      .chain((auction) =>
        fc.record({
          status: fc.constant(auction.status),
          startsAtMs: fc.constant(auction.startsAtMs),
          endsAtMs: fc.constant(auction.endsAtMs),
          // Any moment, or one next to where the phase changes: the countdown's 00:00 and the end.
          nowMs: fc.oneof(
            fc.integer({ min: 0, max: 4e12 }),
            around(auction.startsAtMs - STARTING_LABEL_MS + 1),
            around(auction.endsAtMs ?? 0),
          ),
        }),
      );
    fc.assert(
      fc.property(input, (auction) => {
        expect(startingPhaseOf(auction)).toBe(phaseAt(auction));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("auction display phases", () => {
  it("counts down while Waiting; from the moment the countdown reads 00:00, says 'Starting...' until the server says Running", () => {
    expect(phaseAt({ status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T - STARTING_LABEL_MS })).toBe("waiting");
    expect(secondsToStart(T, T - STARTING_LABEL_MS)).toBe(1);
    expect(phaseAt({ status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T - STARTING_LABEL_MS + 1 })).toBe("starting");
    expect(secondsToStart(T, T - STARTING_LABEL_MS + 1)).toBe(0);
    expect(phaseAt({ status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T + 300 })).toBe("starting");
  });

  it("runs until endsAt, then is closing until the server says Ended", () => {
    expect(phaseAt({ status: "Running", startsAtMs: T, endsAtMs: T + 10, nowMs: T + 9 })).toBe("running");
    expect(phaseAt({ status: "Running", startsAtMs: T, endsAtMs: T + 10, nowMs: T + 10 })).toBe("closing");
    expect(phaseAt({ status: "Ended", startsAtMs: T, endsAtMs: T + 10, nowMs: T })).toBe("ended");
    expect(phaseAt({ status: "New", startsAtMs: T, endsAtMs: null, nowMs: T })).toBe("hidden");
    expect(phaseAt({ status: "Canceled", startsAtMs: T, endsAtMs: null, nowMs: T })).toBe("hidden");
  });

  it("says 'Starting...' on its own when the countdown reaches 00:00, and closing when the time is up, with no clock tick", () => {
    vi.useFakeTimers();
    const actor = createActor(auctionLifecycleMachine, {
      input: { status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T - 5000 },
    }).start();
    vi.advanceTimersByTime(4000);
    expect(auctionPhaseOf(actor.getSnapshot())).toBe("waiting");
    vi.advanceTimersByTime(1);
    expect(auctionPhaseOf(actor.getSnapshot())).toBe("starting");
    expect(actor.getSnapshot().context.nowMs).toBe(T - STARTING_LABEL_MS + 1);

    actor.send({ type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 20_000, nowMs: T });
    vi.advanceTimersByTime(15_000);
    // A bid resets the time: the old end no longer counts.
    actor.send({ type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 30_000, nowMs: T + 15_000 });
    vi.advanceTimersByTime(5000);
    expect(auctionPhaseOf(actor.getSnapshot())).toBe("running");
    vi.advanceTimersByTime(10_000);
    expect(auctionPhaseOf(actor.getSnapshot())).toBe("closing");
    actor.stop();
  });

  it("waits for a start further away than one browser timer can (about 24.8 days) in steps", () => {
    vi.useFakeTimers();
    const day = 86_400_000;
    const actor = createActor(auctionLifecycleMachine, {
      input: { status: "Waiting", startsAtMs: T + 40 * day, endsAtMs: null, nowMs: T },
    }).start();
    vi.advanceTimersByTime(30 * day);
    expect(auctionPhaseOf(actor.getSnapshot())).toBe("waiting");
    vi.advanceTimersByTime(10 * day - STARTING_LABEL_MS);
    expect(auctionPhaseOf(actor.getSnapshot())).toBe("waiting");
    vi.advanceTimersByTime(1);
    expect(auctionPhaseOf(actor.getSnapshot())).toBe("starting");
    actor.stop();
  });

  it("follows the clock when its estimate moves, back as well as forward", () => {
    const actor = createActor(auctionLifecycleMachine, {
      input: { status: "Running", startsAtMs: T, endsAtMs: T + 10_000, nowMs: T },
    }).start();
    actor.send({ type: "clock.ticked", nowMs: T + 10_000 });
    expect(auctionPhaseOf(actor.getSnapshot())).toBe("closing");
    actor.send({ type: "clock.ticked", nowMs: T + 9000 });
    expect(auctionPhaseOf(actor.getSnapshot())).toBe("running");
    actor.stop();
  });

  it("moves through the phases as updates and clock ticks arrive", () => {
    const actor = createActor(auctionLifecycleMachine, {
      input: { status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T - 5000 },
    }).start();
    expect(actor.getSnapshot().matches({ waiting: "countingDown" })).toBe(true);
    actor.send({ type: "clock.ticked", nowMs: T + 100 });
    expect(actor.getSnapshot().matches({ waiting: "starting" })).toBe(true);
    actor.send({ type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 20_000, nowMs: T + 150 });
    expect(actor.getSnapshot().matches({ running: "live" })).toBe(true);
    actor.send({ type: "clock.ticked", nowMs: T + 20_000 });
    expect(actor.getSnapshot().matches({ running: "closing" })).toBe(true);
    actor.send({ type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 35_000, nowMs: T + 20_100 });
    expect(actor.getSnapshot().matches({ running: "live" })).toBe(true);
    actor.send({ type: "auction.updated", status: "Ended", startsAtMs: T, endsAtMs: T + 35_000, nowMs: T + 35_100 });
    expect(actor.getSnapshot().status).toBe("done");
  });

  // Generated at collection time, so that the test's title says how many paths run.
  const events: LifecycleEvent[] = [
    { type: "clock.ticked", nowMs: T - 3000 },
    { type: "clock.ticked", nowMs: T + 1 },
    { type: "clock.ticked", nowMs: T + 50_000 },
    { type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 20_000, nowMs: T + 100 },
    // A bid that sets a new end, and a Running state that comes in after its end (a late message).
    { type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 30_000, nowMs: T + 15_000 },
    { type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 20_000, nowMs: T + 20_050 },
    { type: "auction.updated", status: "Ended", startsAtMs: T, endsAtMs: T + 20_000, nowMs: T + 20_100 },
    { type: "auction.updated", status: "Canceled", startsAtMs: T, endsAtMs: null, nowMs: T - 2000 },
  ];
  const input: LifecycleInput = { status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T - 5000 };
  const paths = generatePaths(auctionLifecycleMachine, { events, input });

  it(`walks all ${paths.length} generated paths, each step as SPEC.md's display states say`, () => {
    const { mismatches, unmetRules, reached } = walkAgainst(auctionLifecycleMachine, paths, displayRules(input), input);
    expect(mismatches).toEqual([]);
    expect(unmetRules).toEqual([]);
    expect(reached).toContain(JSON.stringify("ended"));
  });
});

/**
 * SPEC.md §2's display states by hand, apart from the machine: Waiting counts down in whole seconds and says
 * 'Starting...' from the moment the countdown reads 00:00 (under a second to go) until the server says Running;
 * Running shows time left, and is closing from endsAt until the server says Ended; Ended is over; New and Canceled
 * are not shown. Time passes by the clock's readings and the updates' server time, and on its own: a counting-down
 * auction's wait ends when the countdown reads 00:00 (999 ms to go), a live one's at endsAt.
 */
function displayRules(start: LifecycleInput): Oracle<LifecycleInput> {
  const phase = ({ status, startsAtMs, endsAtMs, nowMs }: LifecycleInput) => {
    if (status === "Waiting") return startsAtMs - nowMs >= 1000 ? "waiting: counting down" : "waiting: starting";
    if (status === "Running") return endsAtMs !== null && nowMs < endsAtMs ? "running: live" : "running: closing";
    return status === "Ended" ? "ended" : "hidden";
  };
  const values = {
    "waiting: counting down": { waiting: "countingDown" },
    "waiting: starting": { waiting: "starting" },
    "running: live": { running: "live" },
    "running: closing": { running: "closing" },
    ended: "ended",
    hidden: "hidden",
  } as const;
  const moved = (model: LifecycleInput) => ({ rules: [phase(model)], model });
  return {
    start,
    value: (model) => values[phase(model)],
    next(model, event) {
      if (model.status === "Ended") return null;
      if (isDelayIn(event, "auctionLifecycle.waiting.countingDown")) {
        return phase(model) === "waiting: counting down" ? moved({ ...model, nowMs: model.startsAtMs - 999 }) : null;
      }
      if (isDelayIn(event, "auctionLifecycle.running.live")) {
        return phase(model) === "running: live" && model.endsAtMs !== null ? moved({ ...model, nowMs: model.endsAtMs }) : null;
      }
      const change = event as LifecycleEvent;
      return moved(
        change.type === "clock.ticked"
          ? { ...model, nowMs: change.nowMs }
          : { status: change.status, startsAtMs: change.startsAtMs, endsAtMs: change.endsAtMs, nowMs: change.nowMs },
      );
    },
    rules: Object.keys(values),
  };
}
