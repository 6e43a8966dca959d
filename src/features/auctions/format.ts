// Time and money as auction screens show them.
import { useTranslation } from "react-i18next";
import { auctionPhase, secondsToStart, type AuctionPhase } from "../../../machines/auction-phase";
import type { AuctionState } from "../../../contract";
import { useServerNowSelect } from "../../hooks/use-server-now";

const pad = (n: number) => String(n).padStart(2, "0");

/** `hh:mm:ss` (or `mm:ss` under an hour); whole days are returned apart for "2 d 04:10:05". */
export function splitDuration(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return { days, clock: days > 0 || hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}` };
}

export function useDuration() {
  const { t } = useTranslation();
  return (ms: number) => {
    const { days, clock } = splitDuration(ms);
    return days > 0 ? `${t("auction.days", { days })} ${clock}` : clock;
  };
}

/** One euro formatter per language: building an Intl.NumberFormat costs more than a card's whole render. */
const euroFormats = new Map<string, Intl.NumberFormat>();

export function useEuro() {
  const { i18n } = useTranslation();
  let format = euroFormats.get(i18n.language);
  if (!format) {
    format = new Intl.NumberFormat(i18n.language, { style: "currency", currency: "EUR" });
    euroFormats.set(i18n.language, format);
  }
  const chosen = format;
  return (cents: number) => chosen.format(cents / 100);
}

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
