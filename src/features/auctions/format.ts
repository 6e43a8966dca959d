// Time and money as auction screens show them.
import { useTranslation } from "react-i18next";
import { auctionPhase, type AuctionPhase } from "../../../machines/auction-lifecycle.machine";
import type { AuctionState } from "../../../contract";
import { useServerNow } from "../../hooks/use-server-now";

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

export function useEuro() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: "currency", currency: "EUR" });
  return (cents: number) => format.format(cents / 100);
}

export type LivePhase = { phase: AuctionPhase; msLeft: number; msToStart: number };

/** The auction's display phase and its countdowns, on the page's shared server-clock ticker. */
export function useLivePhase(auction: Pick<AuctionState, "status" | "startsAt" | "endsAt">): LivePhase {
  const nowMs = useServerNow();
  const startsAtMs = Date.parse(auction.startsAt);
  const endsAtMs = auction.endsAt ? Date.parse(auction.endsAt) : null;
  return {
    phase: auctionPhase({ status: auction.status, startsAtMs, endsAtMs, nowMs }),
    msLeft: endsAtMs === null ? 0 : endsAtMs - nowMs,
    msToStart: startsAtMs - nowMs,
  };
}
