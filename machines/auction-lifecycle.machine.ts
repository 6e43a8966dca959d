// What an auction shows, by the server's clock (SPEC.md §2 "Auction display states"): Waiting counts down to its
// start and says 'Starting...' once the start has passed but the server has not yet said Running; Running shows
// time left and says it is closing at zero until the server says Ended; Ended shows the sold price and winner.
import { assign, setup } from "xstate";
import type { AuctionStatus } from "../contract";
import { auctionPhase, type AuctionPhase, type LifecycleInput } from "./auction-phase";

// The phase function lives apart so that screens can use it without loading XState.
export { auctionPhase, type AuctionPhase, type LifecycleInput };

export type LifecycleEvent =
  | { type: "auction.updated"; status: AuctionStatus; startsAtMs: number; endsAtMs: number | null }
  | { type: "clock.ticked"; nowMs: number };

export const auctionLifecycleMachine = setup({
  types: {
    context: {} as LifecycleInput,
    input: {} as LifecycleInput,
    events: {} as LifecycleEvent,
  },
  actions: {
    assignUpdate: assign(({ event }) =>
      event.type === "auction.updated" ? { status: event.status, startsAtMs: event.startsAtMs, endsAtMs: event.endsAtMs } : {},
    ),
    assignNow: assign(({ event }) => (event.type === "clock.ticked" ? { nowMs: event.nowMs } : {})),
  },
  guards: {
    isWaiting: ({ context }) => auctionPhase(context) === "waiting",
    isStarting: ({ context }) => auctionPhase(context) === "starting",
    isRunning: ({ context }) => auctionPhase(context) === "running",
    isClosing: ({ context }) => auctionPhase(context) === "closing",
    isEnded: ({ context }) => auctionPhase(context) === "ended",
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
        { guard: "isStarting", target: "waiting.starting" },
        { guard: "isRunning", target: "running" },
        { guard: "isClosing", target: "running.closing" },
        { guard: "isEnded", target: "ended" },
        { target: "hidden" },
      ],
    },
    waiting: { initial: "countingDown", states: { countingDown: {}, starting: {} } },
    running: { initial: "live", states: { live: {}, closing: {} } },
    ended: { type: "final" },
    hidden: {},
  },
});
