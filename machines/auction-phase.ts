// An auction's display phase at one moment, by the server's clock: the rule that auction-lifecycle.machine.ts moves
// through as updates and ticks arrive. Plain code, so cards can use it without loading XState.
import type { AuctionStatus } from "../contract";

export type LifecycleInput = { status: AuctionStatus; startsAtMs: number; endsAtMs: number | null; nowMs: number };

export type AuctionPhase = "waiting" | "starting" | "running" | "closing" | "ended" | "hidden";

export function auctionPhase({ status, startsAtMs, endsAtMs, nowMs }: LifecycleInput): AuctionPhase {
  switch (status) {
    case "Waiting":
      return nowMs < startsAtMs ? "waiting" : "starting";
    case "Running":
      return endsAtMs !== null && nowMs < endsAtMs ? "running" : "closing";
    case "Ended":
      return "ended";
    default:
      return "hidden";
  }
}
