import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { auctionLifecycleMachine, auctionPhase, type LifecycleEvent } from "./auction-lifecycle.machine";
import { STARTING_LABEL_MS, secondsToStart, type LifecycleInput } from "./auction-phase";
import { generatePaths, walkAgainst, type Oracle } from "./generated-paths";

const T = 1_000_000;

describe("auction display phases", () => {
  it("counts down while Waiting; from the moment the countdown reads 00:00, says 'Starting...' until the server says Running", () => {
    expect(auctionPhase({ status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T - STARTING_LABEL_MS })).toBe("waiting");
    expect(secondsToStart(T, T - STARTING_LABEL_MS)).toBe(1);
    expect(auctionPhase({ status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T - STARTING_LABEL_MS + 1 })).toBe("starting");
    expect(secondsToStart(T, T - STARTING_LABEL_MS + 1)).toBe(0);
    expect(auctionPhase({ status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T + 300 })).toBe("starting");
  });

  it("runs until endsAt, then is closing until the server says Ended", () => {
    expect(auctionPhase({ status: "Running", startsAtMs: T, endsAtMs: T + 10, nowMs: T + 9 })).toBe("running");
    expect(auctionPhase({ status: "Running", startsAtMs: T, endsAtMs: T + 10, nowMs: T + 10 })).toBe("closing");
    expect(auctionPhase({ status: "Ended", startsAtMs: T, endsAtMs: T + 10, nowMs: T })).toBe("ended");
    expect(auctionPhase({ status: "New", startsAtMs: T, endsAtMs: null, nowMs: T })).toBe("hidden");
  });

  it("moves through the phases as updates and clock ticks arrive", () => {
    const actor = createActor(auctionLifecycleMachine, { input: { status: "Waiting", startsAtMs: T, endsAtMs: null, nowMs: T - 5000 } }).start();
    expect(actor.getSnapshot().matches({ waiting: "countingDown" })).toBe(true);
    actor.send({ type: "clock.ticked", nowMs: T + 100 });
    expect(actor.getSnapshot().matches({ waiting: "starting" })).toBe(true);
    actor.send({ type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 20_000 });
    expect(actor.getSnapshot().matches({ running: "live" })).toBe(true);
    actor.send({ type: "clock.ticked", nowMs: T + 20_000 });
    expect(actor.getSnapshot().matches({ running: "closing" })).toBe(true);
    actor.send({ type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 35_000 });
    expect(actor.getSnapshot().matches({ running: "live" })).toBe(true);
    actor.send({ type: "auction.updated", status: "Ended", startsAtMs: T, endsAtMs: T + 35_000 });
    expect(actor.getSnapshot().status).toBe("done");
  });

  // Generated at collection time, so that the test's title says how many paths run.
  const events: LifecycleEvent[] = [
    { type: "clock.ticked", nowMs: T - 3000 },
    { type: "clock.ticked", nowMs: T + 1 },
    { type: "clock.ticked", nowMs: T + 50_000 },
    { type: "auction.updated", status: "Running", startsAtMs: T, endsAtMs: T + 20_000 },
    { type: "auction.updated", status: "Ended", startsAtMs: T, endsAtMs: T + 20_000 },
    { type: "auction.updated", status: "Canceled", startsAtMs: T, endsAtMs: null },
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
 * SPEC.md §2's display states by hand, apart from auction-phase.ts: Waiting counts down in whole seconds and says
 * 'Starting...' from the moment the countdown reads 00:00 (under a second to go) until the server says Running;
 * Running shows time left, and is closing from endsAt until the server says Ended; Ended is over; New and Canceled
 * are not shown.
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
  return {
    start,
    value: (model) => values[phase(model)],
    next(model, event) {
      if (model.status === "Ended") return null;
      const change = event as LifecycleEvent;
      const changed =
        change.type === "clock.ticked"
          ? { ...model, nowMs: change.nowMs }
          : { ...model, status: change.status, startsAtMs: change.startsAtMs, endsAtMs: change.endsAtMs };
      return { rules: [phase(changed)], model: changed };
    },
    rules: Object.keys(values),
  };
}
