// How the countdown to an auction's start reads, and the names of the phases the lifecycle machine
// (machines/auction-lifecycle.machine.ts) tags its states with: plain values, so the first screen's countdowns need no XState
// (decision 014). Which phase an auction is in is the machine's to say, never decided here.

export type AuctionPhase = "waiting" | "starting" | "running" | "closing" | "ended" | "hidden";

export const auctionPhases: readonly AuctionPhase[] = ["waiting", "starting", "running", "closing", "ended", "hidden"];

/** The longest delay a browser timer keeps (about 24.8 days): a later moment is waited for in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The countdown to the start shows whole seconds rounded down: when it reaches 00:00 (the last second before
 * `startsAt`) the machine says 'Starting...' instead, until the server's Running update arrives. Counting to the very
 * instant would show the label for only the tick and round trip that separate it from Running (about a tenth of a
 * second).
 */
export const STARTING_LABEL_MS = 1000;

/** Whole seconds left to the start, as the countdown shows them (rounded down; 0 once it reads 'Starting...'). */
export function secondsToStart(startsAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((startsAtMs - nowMs) / 1000));
}
