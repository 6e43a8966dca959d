// An auction's countdowns on the page's server clock, as auction screens show them (the phase they show comes from
// the lifecycle actor, use-auction-lifecycle.ts).
import { secondsToStart } from "../../../../contract/auction-countdown";
import { useServerNowSelect } from "../../../hooks/use-server-now";

/**
 * Time to `isoTime` in whole seconds, in ms, as countdowns show it: rounded up for the time left to the end, down for
 * the time to the start (see `secondsToStart`); re-renders once a second, not on every tick.
 */
export function useMsUntil(isoTime: string | null, rounding: "up" | "down" = "up"): number {
  const atMs = isoTime ? Date.parse(isoTime) : null;
  return useServerNowSelect((nowMs) => {
    if (atMs === null) return 0;
    return rounding === "down" ? secondsToStart(atMs, nowMs) * 1000 : Math.ceil((atMs - nowMs) / 1000) * 1000;
  });
}
