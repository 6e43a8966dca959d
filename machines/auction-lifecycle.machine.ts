// What an auction shows, by the server's clock (SPEC.md §2 "Auction display states"): Waiting counts down to its
// start and says 'Starting...' once the countdown reads 00:00 and the server has not yet said Running; Running shows
// time left and says it is closing at zero until the server says Ended; Ended shows the sold price and winner.
// This machine is the rule: every auction card and the auction's page show the phase of their own actor of it
// (src/features/auctions/live/use-auction-lifecycle.ts), and the dev panel lists those very actors.
import { assign, setup, type SnapshotFrom } from "xstate";
import type { AuctionStatus } from "../contract";
import { MAX_TIMER_MS, STARTING_LABEL_MS, auctionPhases, type AuctionPhase } from "../contract/auction-countdown";

/** The auction as last heard of, and the server's time as the machine knows it (moved on by its own delays). */
export type LifecycleContext = { status: AuctionStatus; startsAtMs: number; endsAtMs: number | null; nowMs: number };
export type LifecycleInput = LifecycleContext;

export type LifecycleEvent =
  | { type: "auction.updated"; status: AuctionStatus; startsAtMs: number; endsAtMs: number | null; nowMs: number }
  /** The server's clock read anew (its estimate changed, or a tester moves it). */
  | { type: "clock.ticked"; nowMs: number };

/** The first millisecond at which the countdown to the start (whole seconds, rounded down) reads 00:00. */
const countdownEndsAtMs = (context: LifecycleContext) => context.startsAtMs - STARTING_LABEL_MS + 1;
/** Whether a Running auction ending at `endsAtMs` has time left at `nowMs`. */
const hasTimeLeftAt = ({ endsAtMs, nowMs }: Pick<LifecycleContext, "endsAtMs" | "nowMs">) => endsAtMs !== null && nowMs < endsAtMs;
/** Whether a Waiting auction's countdown reads 00:00 at the machine's now ('Starting...'). */
const isCountdownAtZero = (context: LifecycleContext) => context.nowMs >= countdownEndsAtMs(context);
/** Time from the machine's now to `atMs`, as one timer can wait for it. */
const msUntil = (atMs: number, { nowMs }: LifecycleContext) => Math.min(Math.max(0, atMs - nowMs), MAX_TIMER_MS);

export const auctionLifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleInput,
    events: {} as LifecycleEvent,
    tags: {} as AuctionPhase,
  },
  actions: {
    assignUpdate: assign(({ event }) =>
      event.type === "auction.updated"
        ? { status: event.status, startsAtMs: event.startsAtMs, endsAtMs: event.endsAtMs, nowMs: event.nowMs }
        : {},
    ),
    assignNow: assign(({ event }) => (event.type === "clock.ticked" ? { nowMs: event.nowMs } : {})),
    // A delay below has passed: the machine's clock moves on by it.
    passTimeToCountdownEnd: assign(({ context }) => ({ nowMs: context.nowMs + msUntil(countdownEndsAtMs(context), context) })),
    passTimeToEnd: assign(({ context }) => ({ nowMs: context.nowMs + msUntil(context.endsAtMs ?? context.nowMs, context) })),
  },
  guards: {
    isWaiting: ({ context }) => context.status === "Waiting",
    isRunning: ({ context }) => context.status === "Running",
    isEnded: ({ context }) => context.status === "Ended",
    isCountdownAtZero: ({ context }) => isCountdownAtZero(context),
    hasTimeLeft: ({ context }) => hasTimeLeftAt(context),
    /** A new state that leaves a running auction running with time left: a bid, which sets a new end. */
    isStillLive: ({ event }) => event.type === "auction.updated" && event.status === "Running" && hasTimeLeftAt(event),
  },
  delays: {
    untilCountdownEnds: ({ context }) => msUntil(countdownEndsAtMs(context), context),
    untilEnd: ({ context }) => msUntil(context.endsAtMs ?? context.nowMs, context),
  },
}).createMachine({
  id: "auctionLifecycle",
  context: ({ input }) => input,
  initial: "deciding",
  on: {
    "auction.updated": { target: ".deciding", actions: "assignUpdate" },
    "clock.ticked": { target: ".deciding", actions: "assignNow" },
  },
  states: {
    deciding: {
      always: [
        { guard: "isWaiting", target: "waiting" },
        { guard: "isRunning", target: "running" },
        { guard: "isEnded", target: "ended" },
        { target: "hidden" },
      ],
    },
    waiting: {
      initial: "deciding",
      states: {
        deciding: { always: [{ guard: "isCountdownAtZero", target: "starting" }, { target: "countingDown" }] },
        countingDown: { tags: "waiting", after: { untilCountdownEnds: { target: "deciding", actions: "passTimeToCountdownEnd" } } },
        starting: { tags: "starting" },
      },
    },
    running: {
      initial: "deciding",
      states: {
        deciding: { always: [{ guard: "hasTimeLeft", target: "live" }, { target: "closing" }] },
        live: {
          tags: "running",
          // A bid re-enters this state alone, its timer set to the new end, rather than the machine deciding anew from
          // its root: what a page of live cards does hundreds of times a second (the same phase either way).
          on: { "auction.updated": { guard: "isStillLive", target: "live", reenter: true, actions: "assignUpdate" } },
          after: { untilEnd: { target: "deciding", actions: "passTimeToEnd" } },
        },
        closing: { tags: "closing" },
      },
    },
    ended: { type: "final", tags: "ended" },
    hidden: { tags: "hidden" },
  },
});

export type LifecycleSnapshot = SnapshotFrom<typeof auctionLifecycleMachine>;

/**
 * The phase the machine starts in for `input`: its `deciding` states' choices, with the same guards, written out as a
 * function. A screen shows it before the auction's actor starts, and the start then changes nothing on the screen.
 * Asking the machine itself (`initialTransition`) builds an actor to throw away: about 6 ms a card on a phone slowed
 * 4×, in the first render of every card. auction-lifecycle.machine.test.ts holds the two to the same phase for any
 * input.
 */
export function startingPhaseOf(input: LifecycleInput): AuctionPhase {
  switch (input.status) {
    case "Waiting":
      return isCountdownAtZero(input) ? "starting" : "waiting";
    case "Running":
      return hasTimeLeftAt(input) ? "running" : "closing";
    case "Ended":
      return "ended";
    default:
      return "hidden";
  }
}

/** The phase a screen shows: the tag of the state the machine is in. */
export function auctionPhaseOf(snapshot: LifecycleSnapshot): AuctionPhase {
  return auctionPhases.find((phase) => snapshot.hasTag(phase)) ?? "hidden";
}
