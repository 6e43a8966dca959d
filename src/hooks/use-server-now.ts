// One ticker for the whole page: every countdown reads the same server-time snapshot, updated four times a second.
import { createStore, useStore } from "../lib/create-store";
import { serverNow } from "../lib/server-clock";

export const TICK_MS = 250;

// The timer runs only while some component shows the time.
const now = createStore(serverNow(), (store) => {
  store.set(serverNow());
  const timer = setInterval(() => store.set(serverNow()), TICK_MS);
  return () => clearInterval(timer);
});

export function useServerNow(): number {
  return useStore(now);
}

/**
 * What a component shows of the server time (say, whole seconds left): it re-renders only when that changes, not on
 * every tick. `select` must return a primitive (compared with Object.is).
 */
export function useServerNowSelect<T extends string | number | boolean>(select: (nowMs: number) => T): T {
  return useStore(now, select);
}
