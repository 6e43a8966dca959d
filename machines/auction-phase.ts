// An auction's display phase at one moment, by the server's clock: the rule that auction-lifecycle.machine.ts moves
// through as updates and ticks arrive. Plain code, so cards can use it without loading XState.
import type { AuctionStatus } from "../contract";

export type LifecycleInput = { status: AuctionStatus; startsAtMs: number; endsAtMs: number | null; nowMs: number };

export type AuctionPhase = "waiting" | "starting" | "running" | "closing" | "ended" | "hidden";

/**
 * The countdown to the start shows whole seconds rounded down: when it reaches 00:00 (the last second before
 * `startsAt`) it reads 'Starting...' instead, until the server's Running update arrives. Counting to the very instant
 * would show the label for only the tick and round trip that separate it from Running (about a tenth of a second).
 */
export const STARTING_LABEL_MS = 1000;

/** Whole seconds left to the start, as the countdown shows them (rounded down; 0 once it reads 'Starting...'). */
export function secondsToStart(startsAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((startsAtMs - nowMs) / 1000));
}

export function auctionPhase({ status, startsAtMs, endsAtMs, nowMs }: LifecycleInput): AuctionPhase {
  switch (status) {
    case "Waiting":
      return secondsToStart(startsAtMs, nowMs) > 0 ? "waiting" : "starting";
    case "Running":
      return endsAtMs !== null && nowMs < endsAtMs ? "running" : "closing";
    case "Ended":
      return "ended";
    default:
      return "hidden";
  }
}
