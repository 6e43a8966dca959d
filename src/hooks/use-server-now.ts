// One ticker for the whole page: every countdown reads the same server-time snapshot, updated four times a second.
import { createStore, useStore, type Store } from "../lib/create-store";
import { serverNow } from "../lib/server-clock";

export const TICK_MS = 250;

let isWatched = false;

// The timer runs only while some component shows the time.
const ticks = createStore(serverNow(), (store) => {
  isWatched = true;
  store.set(serverNow());
  const timer = setInterval(() => store.set(serverNow()), TICK_MS);
  return () => {
    isWatched = false;
    clearInterval(timer);
  };
});

/**
 * Unwatched (a first render, before its countdowns subscribe; the server's render of the first screen, which never
 * subscribes), a read brings the time up to date, a whole tick at a time, so that it never shows the moment the module
 * loaded, and reads within one render agree.
 */
const now: Store<number> = {
  ...ticks,
  get: () => {
    if (!isWatched && serverNow() - ticks.get() >= TICK_MS) ticks.set(serverNow());
    return ticks.get();
  },
};

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
