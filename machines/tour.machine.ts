// One guided tour (SPEC.md §2, §4): not started → starting (the start delay) → running at step n → completed.
// Next, Previous, Close and Done move it; a step whose target is not on screen is skipped in the direction of
// travel, so the tour never sticks. Each step shown is saved (as its position in the whole tour, so a reload on
// another screen size resumes at the same step), and when the tour ends or is closed, completion is saved with
// step 0. Pure: `saveProgress` comes from the caller; each tour runs its own actor of this machine.
import { and, assign, fromPromise, not, setup } from "xstate";
import { TOUR_START_DELAY_MS, type TourName, type TourProgress } from "../contract";

export type TourInput = {
  tourName: TourName;
  startDelayMs?: number;
  /** Every step of the tour, in order, by id: saved steps are positions in it. Without it, in the steps of the run. */
  tourStepIds?: string[];
};

export type TourContext = {
  tourName: TourName;
  startDelayMs: number;
  tourStepIds: string[];
  /** The steps this run shows (those whose targets were on screen when it started), by id. */
  stepIds: string[];
  stepIndex: number;
  direction: "forward" | "backward";
};

export type TourEvent =
  /**
   * The tour may run: the steps it can show now, and the step saved last time (a position in the whole tour). It
   * resumes at that step, or the next one this run shows, or the last.
   */
  | { type: "tour.start"; stepIds: string[]; fromStep?: number }
  /** Before anything is shown (the menu closed during the delay): back to not started. */
  | { type: "tour.cancel" }
  | { type: "tour.next" }
  | { type: "tour.previous" }
  | { type: "tour.close" }
  | { type: "tour.done" }
  /** The step's target is not on screen. */
  | { type: "tour.targetMissing" };

/** Where the run's step `index` stands in the whole tour; a step the tour does not list counts by its index. */
function positionInTour(tourStepIds: string[], stepIds: string[], index: number): number {
  const position = tourStepIds.indexOf(stepIds[index] ?? "");
  return position === -1 ? index : position;
}

export const tourMachine = setup({
  types: { context: {} as TourContext, events: {} as TourEvent, input: {} as TourInput },
  actors: {
    saveProgress: fromPromise<unknown, TourProgress>(() => Promise.reject(new Error("saveProgress must be provided"))),
  },
  delays: {
    startDelay: ({ context }) => context.startDelayMs,
  },
  guards: {
    hasSteps: ({ event }) => event.type === "tour.start" && event.stepIds.length > 0,
    isFirstStep: ({ context }) => context.stepIndex === 0,
    isLastStep: ({ context }) => context.stepIndex >= context.stepIds.length - 1,
    isMovingForward: ({ context }) => context.direction === "forward",
  },
  actions: {
    assignStart: assign(({ context, event }) => {
      if (event.type !== "tour.start") return {};
      const savedPosition = Math.max(Math.trunc(event.fromStep ?? 0), 0);
      const positions = event.stepIds.map((id, index) => positionInTour(context.tourStepIds, event.stepIds, index));
      const resumeAt = positions.findIndex((position) => position >= savedPosition);
      const stepIndex = resumeAt === -1 ? Math.max(event.stepIds.length - 1, 0) : resumeAt;
      return { stepIds: event.stepIds, stepIndex, direction: "forward" as const };
    }),
    assignNextStep: assign(({ context }) => ({ stepIndex: context.stepIndex + 1, direction: "forward" as const })),
    assignPreviousStep: assign(({ context }) => ({ stepIndex: context.stepIndex - 1, direction: "backward" as const })),
  },
}).createMachine({
  id: "tour",
  context: ({ input }) => ({
    tourName: input.tourName,
    startDelayMs: input.startDelayMs ?? TOUR_START_DELAY_MS,
    tourStepIds: input.tourStepIds ?? [],
    stepIds: [],
    stepIndex: 0,
    direction: "forward",
  }),
  initial: "notStarted",
  states: {
    notStarted: {
      on: { "tour.start": { guard: "hasSteps", target: "starting", actions: "assignStart" } },
    },
    starting: {
      after: { startDelay: "running" },
      on: { "tour.cancel": "notStarted", "tour.close": "notStarted" },
    },
    running: {
      tags: ["visible"],
      initial: "showingStep",
      states: {
        showingStep: {
          // Where the user is, so a reload resumes there; a failed save only loses that.
          invoke: {
            src: "saveProgress",
            input: ({ context }) => ({
              tourName: context.tourName,
              currentStep: positionInTour(context.tourStepIds, context.stepIds, context.stepIndex),
              isCompleted: false,
            }),
            onError: {},
          },
        },
      },
      on: {
        "tour.next": [
          { guard: "isLastStep", target: "completing" },
          { target: ".showingStep", reenter: true, actions: "assignNextStep" },
        ],
        "tour.previous": { guard: not("isFirstStep"), target: ".showingStep", reenter: true, actions: "assignPreviousStep" },
        "tour.targetMissing": [
          { guard: and(["isMovingForward", "isLastStep"]), target: "completing" },
          { guard: "isMovingForward", target: ".showingStep", reenter: true, actions: "assignNextStep" },
          { guard: "isFirstStep", target: ".showingStep", reenter: true, actions: "assignNextStep" },
          { target: ".showingStep", reenter: true, actions: "assignPreviousStep" },
        ],
        "tour.close": "completing",
        "tour.done": "completing",
      },
    },
    completing: {
      invoke: {
        src: "saveProgress",
        input: ({ context }) => ({ tourName: context.tourName, currentStep: 0, isCompleted: true }),
        onDone: "completed",
        // Not saved: the tour shows again next time, which is the honest outcome; it is over for now.
        onError: "completed",
      },
    },
    completed: { type: "final" },
  },
});
