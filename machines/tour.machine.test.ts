import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { TourProgress } from "../contract";
import { generatePaths, isActorDone, isActorError, isDelayIn, walkAgainst, type Oracle } from "../tests/support/machine-paths";
import { tourMachine, type TourEvent } from "./tour.machine";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function start({ failSaves = false } = {}) {
  const saved: TourProgress[] = [];
  const saveProgress = fromPromise<unknown, TourProgress>(async ({ input }) => {
    saved.push(input);
    if (failSaves) throw new Error("offline");
    return input;
  });
  const actor = createActor(tourMachine.provide({ actors: { saveProgress } }), { input: { tourName: "MainPage" } }).start();
  return { actor, saved };
}

const steps = (count: number) => Array.from({ length: count }, (_, index) => `step-${index}`);

/** Settles the promises of invoked actors. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe("the tour machine", () => {
  it("does not start without steps", () => {
    const { actor } = start();
    actor.send({ type: "tour.start", stepIds: steps(0) });
    expect(actor.getSnapshot().value).toBe("notStarted");
  });

  it("waits the start delay of 500 ms, then shows the first step", async () => {
    const { actor } = start();
    actor.send({ type: "tour.start", stepIds: steps(3) });
    expect(actor.getSnapshot().value).toBe("starting");
    await vi.advanceTimersByTimeAsync(499);
    expect(actor.getSnapshot().hasTag("visible")).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches("running")).toBe(true);
    expect(actor.getSnapshot().context.stepIndex).toBe(0);
  });

  it("goes back to not started when its menu closes during the delay, saving nothing", async () => {
    const { actor, saved } = start();
    actor.send({ type: "tour.start", stepIds: steps(3) });
    actor.send({ type: "tour.cancel" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe("notStarted");
    expect(saved).toEqual([]);
  });

  it("moves with Next and Previous, never before the first step, and saves each step shown", async () => {
    const { actor, saved } = start();
    actor.send({ type: "tour.start", stepIds: steps(3) });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: "tour.previous" });
    expect(actor.getSnapshot().context.stepIndex).toBe(0);
    actor.send({ type: "tour.next" });
    actor.send({ type: "tour.next" });
    expect(actor.getSnapshot().context.stepIndex).toBe(2);
    actor.send({ type: "tour.previous" });
    expect(actor.getSnapshot().context.stepIndex).toBe(1);
    await flush();
    expect(saved.map((s) => s.currentStep)).toEqual([0, 1, 2, 1]);
    expect(saved.every((s) => s.tourName === "MainPage" && !s.isCompleted)).toBe(true);
  });

  it("resumes at the saved step, clamped to the steps there are now", async () => {
    const { actor } = start();
    actor.send({ type: "tour.start", stepIds: steps(4), fromStep: 9 });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().context.stepIndex).toBe(3);
  });

  it("saves each step as its position in the whole tour, and resumes there on another screen", async () => {
    const tourStepIds = ["welcome", "mobileMenu", "language", "sideNav", "faq"];
    const saved: TourProgress[] = [];
    const desktop = createActor(
      tourMachine.provide({ actors: { saveProgress: fromPromise<unknown, TourProgress>(async ({ input }) => saved.push(input)) } }),
      { input: { tourName: "MainPage", tourStepIds } },
    ).start();
    desktop.send({ type: "tour.start", stepIds: ["welcome", "language", "sideNav", "faq"] });
    await vi.advanceTimersByTimeAsync(500);
    desktop.send({ type: "tour.next" });
    desktop.send({ type: "tour.next" });
    await flush();
    expect(saved.map((s) => s.currentStep)).toEqual([0, 2, 3]);

    // On a phone the side navigation is not there: it resumes at the next step it shows.
    const phone = createActor(
      tourMachine.provide({ actors: { saveProgress: fromPromise<unknown, TourProgress>(async () => undefined) } }),
      {
        input: { tourName: "MainPage", tourStepIds },
      },
    ).start();
    phone.send({ type: "tour.start", stepIds: ["welcome", "mobileMenu", "language", "faq"], fromStep: 3 });
    await vi.advanceTimersByTimeAsync(500);
    expect(phone.getSnapshot().context.stepIds[phone.getSnapshot().context.stepIndex]).toBe("faq");
  });

  it.each(["tour.close", "tour.done"] as const)("saves completion with step 0 on %s", async (type) => {
    const { actor, saved } = start();
    actor.send({ type: "tour.start", stepIds: steps(3) });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: "tour.next" });
    actor.send({ type });
    await flush();
    expect(actor.getSnapshot().status).toBe("done");
    expect(saved.at(-1)).toEqual({ tourName: "MainPage", currentStep: 0, isCompleted: true });
  });

  it("ends with Next on the last step", async () => {
    const { actor, saved } = start();
    actor.send({ type: "tour.start", stepIds: steps(2) });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: "tour.next" });
    actor.send({ type: "tour.next" });
    await flush();
    expect(actor.getSnapshot().value).toBe("completed");
    expect(saved.at(-1)).toMatchObject({ isCompleted: true, currentStep: 0 });
  });

  it("skips a step whose target is missing in the direction of travel, and turns at the first step", async () => {
    const { actor } = start();
    actor.send({ type: "tour.start", stepIds: steps(4) });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: "tour.next" }); // step 1 is not on screen
    actor.send({ type: "tour.targetMissing" });
    expect(actor.getSnapshot().context.stepIndex).toBe(2);
    actor.send({ type: "tour.previous" }); // back to 1, still missing: on to 0
    actor.send({ type: "tour.targetMissing" });
    expect(actor.getSnapshot().context.stepIndex).toBe(0);
    actor.send({ type: "tour.targetMissing" }); // even the first is gone: forward again
    expect(actor.getSnapshot().context).toMatchObject({ stepIndex: 1, direction: "forward" });
  });

  it("completes when the last step's target is missing, so it never sticks", async () => {
    const { actor } = start();
    actor.send({ type: "tour.start", stepIds: steps(2) });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: "tour.next" });
    actor.send({ type: "tour.targetMissing" });
    await flush();
    expect(actor.getSnapshot().value).toBe("completed");
  });

  it("ends for now when saving fails: it is not shown again until the next visit", async () => {
    const { actor, saved } = start({ failSaves: true });
    actor.send({ type: "tour.start", stepIds: steps(1) });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().matches("running")).toBe(true);
    actor.send({ type: "tour.close" });
    await flush();
    expect(actor.getSnapshot().value).toBe("completed");
    expect(saved.at(-1)).toMatchObject({ isCompleted: true });
  });

  // Generated at collection time, so that the test's title says how many paths run. Three steps, so that Next,
  // Previous and a missing target meet a first, a middle and a last step in both directions.
  const events = [
    { type: "tour.start", stepIds: steps(3) },
    { type: "tour.cancel" },
    { type: "tour.next" },
    { type: "tour.previous" },
    { type: "tour.targetMissing" },
    { type: "tour.close" },
    { type: "tour.done" },
    { type: "xstate.error.actor.0.tour.running.showingStep", error: new Error("offline") },
    { type: "xstate.done.actor.0.tour.completing" },
    { type: "xstate.error.actor.0.tour.completing", error: new Error("offline") },
  ] as unknown as TourEvent[];
  const machine = tourMachine.provide({ actors: { saveProgress: fromPromise<unknown, TourProgress>(() => new Promise(() => undefined)) } });
  const input = { tourName: "MainPage" };
  const paths = generatePaths(machine, { events, input });

  it(`walks all ${paths.length} generated paths, each step as SPEC.md's tour rules say`, () => {
    const { mismatches, unmetRules, reached } = walkAgainst(machine, paths, tourRules(3), input);
    expect(mismatches).toEqual([]);
    expect(unmetRules).toEqual([]);
    expect(reached).toContain(JSON.stringify("completed"));
  });
});

/**
 * SPEC.md §2 and §4's tour by hand, apart from the machine, for a tour of `stepCount` steps all on screen: it starts
 * after the start delay (or goes back to not started if closed before); Next and Previous move a step, Next on the
 * last step and Done and Close end it; a step whose target is missing is skipped in the direction of travel (forward
 * from the first step, ending the tour past the last); ending saves completion, and whether that save succeeds or
 * fails, the tour is over. The step shown is part of the model, since it decides where the next event leads.
 */
type TourModel = { state: "notStarted" | "starting" | "running" | "completing" | "completed"; step: number; isForward: boolean };
function tourRules(stepCount: number): Oracle<TourModel> {
  const last = stepCount - 1;
  return {
    start: { state: "notStarted", step: 0, isForward: true },
    value: ({ state }) => (state === "running" ? { running: "showingStep" } : state),
    shown: ({ state, step }) => (state === "running" ? { stepIndex: step } : {}),
    next(model, event) {
      const to = (state: TourModel["state"], rule: string, change: Partial<TourModel> = {}) => ({
        rules: [rule],
        model: { ...model, state, ...change },
      });
      const forward = (rule: string) => to("running", rule, { step: model.step + 1, isForward: true });
      const backward = (rule: string) => to("running", rule, { step: model.step - 1, isForward: false });
      switch (model.state) {
        case "notStarted":
          return event.type === "tour.start" ? to("starting", "starts after the delay", { step: 0, isForward: true }) : null;
        case "starting":
          if (event.type === "tour.cancel" || event.type === "tour.close") return to("notStarted", "closed before it shows");
          return isDelayIn(event, "tour.starting") ? to("running", "shows the first step") : null;
        case "running":
          if (event.type === "tour.next") return model.step === last ? to("completing", "Next on the last step ends it") : forward("Next");
          if (event.type === "tour.previous") return model.step === 0 ? null : backward("Previous");
          if (event.type === "tour.targetMissing") {
            if (model.isForward)
              return model.step === last ? to("completing", "missing past the last step ends it") : forward("missing: skipped forward");
            return model.step === 0 ? forward("missing on the first step: skipped forward") : backward("missing: skipped backward");
          }
          if (event.type === "tour.close" || event.type === "tour.done") return to("completing", "Close or Done ends it");
          return null;
        case "completing":
          if (isActorDone(event, "0.tour.completing") || isActorError(event, "0.tour.completing"))
            return to("completed", "over, saved or not");
          return null;
        case "completed":
          return null;
      }
    },
    rules: [
      "starts after the delay",
      "closed before it shows",
      "shows the first step",
      "Next on the last step ends it",
      "Next",
      "Previous",
      "missing past the last step ends it",
      "missing: skipped forward",
      "missing on the first step: skipped forward",
      "missing: skipped backward",
      "Close or Done ends it",
      "over, saved or not",
    ],
  };
}
