import { useLiveStatus } from "../lib/socket";

export const FALLBACK_POLL_MS = 3000;

/** While the live socket is down, queries poll REST instead (React Query's refetchInterval); otherwise not. */
export function useFallbackPolling(): number | false {
  return useLiveStatus() === "disconnected" ? FALLBACK_POLL_MS : false;
}
