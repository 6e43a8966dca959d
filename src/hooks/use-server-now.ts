// One ticker for the whole page: every countdown reads the same server-time snapshot, updated four times a second.
import { useSyncExternalStore } from "react";
import { serverNow } from "../lib/server-clock";

export const TICK_MS = 250;

let now = serverNow();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = serverNow();
    timer = setInterval(() => {
      now = serverNow();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useServerNow(): number {
  return useSyncExternalStore(subscribe, () => now, () => now);
}

/**
 * What a component shows of the server time (say, whole seconds left): it re-renders only when that changes, not on
 * every tick. `select` must return a primitive (compared with Object.is).
 */
export function useServerNowSelect<T extends string | number | boolean>(select: (nowMs: number) => T): T {
  return useSyncExternalStore(subscribe, () => select(now), () => select(now));
}
