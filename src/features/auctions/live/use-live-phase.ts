// An auction's display phase and countdowns on the page's server clock, as auction screens show them.
import { auctionPhase, secondsToStart, type AuctionPhase } from "../../../../machines/auction-phase";
import type { AuctionState } from "../../../../contract";
import { useServerNowSelect } from "../../../hooks/use-server-now";

export type LivePhase = { phase: AuctionPhase; msLeft: number; msToStart: number };

/**
 * The auction's display phase and its countdowns, on the page's shared server-clock ticker. Countdowns show whole
 * seconds, so they come rounded up to one (what `splitDuration` shows) and the caller re-renders only when the phase
 * or a shown second changes: a page of hundreds of cards does not re-render every card on every tick.
 */
export function useLivePhase(auction: Pick<AuctionState, "status" | "startsAt" | "endsAt">): LivePhase {
  const startsAtMs = Date.parse(auction.startsAt);
  const endsAtMs = auction.endsAt ? Date.parse(auction.endsAt) : null;
  const shown = useServerNowSelect((nowMs) => {
    const phase = auctionPhase({ status: auction.status, startsAtMs, endsAtMs, nowMs });
    const secondsLeft = endsAtMs === null ? 0 : Math.ceil((endsAtMs - nowMs) / 1000);
    return `${phase} ${secondsLeft} ${secondsToStart(startsAtMs, nowMs)}`;
  });
  const [phase, secondsLeft, startSeconds] = shown.split(" ");
  return { phase: phase as AuctionPhase, msLeft: Number(secondsLeft) * 1000, msToStart: Number(startSeconds) * 1000 };
}

/** Only the display phase: it changes a few times in an auction's life, so a card's body re-renders only then. */
export function useLivePhaseName(auction: Pick<AuctionState, "status" | "startsAt" | "endsAt">): AuctionPhase {
  const startsAtMs = Date.parse(auction.startsAt);
  const endsAtMs = auction.endsAt ? Date.parse(auction.endsAt) : null;
  return useServerNowSelect((nowMs) => auctionPhase({ status: auction.status, startsAtMs, endsAtMs, nowMs }));
}

/**
 * Time to `isoTime` in whole seconds, in ms, as countdowns show it: rounded up for the time left to the end, down for
 * the time to the start (see `secondsToStart`); re-renders once a second.
 */
export function useMsUntil(isoTime: string | null, rounding: "up" | "down" = "up"): number {
  const atMs = isoTime ? Date.parse(isoTime) : null;
  return useServerNowSelect((nowMs) => {
    if (atMs === null) return 0;
    return rounding === "down" ? secondsToStart(atMs, nowMs) * 1000 : Math.ceil((atMs - nowMs) / 1000) * 1000;
  });
}
