// One ticker for the whole page: every countdown reads the same server-time snapshot, updated four times a second.
import { useSyncExternalStore } from "react";
import { createStore, type Store } from "../lib/create-store";
import { renderNow, serverNow } from "../lib/server-clock";
import { useOffScreen } from "./use-off-screen";

export const TICK_MS = 250;

/** The time was brought up to date since the ticker last stopped (or the module loaded). */
let isFresh = false;

// The timer runs only while some component shows the time. The time is brought up to date at once, but in a task of
// its own: the first reader subscribes while React runs a commit's effects, and a time that changed there would make
// every reader subscribing after it render again, synchronously, inside those effects (on a slow phone's first load,
// 50-80 ms more of one long task; decision 059).
const ticks = createStore(serverNow(), (store) => {
  const catchUp = setTimeout(() => store.set(serverNow()), 0);
  const timer = setInterval(() => store.set(serverNow()), TICK_MS);
  return () => {
    isFresh = false;
    clearTimeout(catchUp);
    clearInterval(timer);
  };
});

/**
 * The first read since the ticker last ran (a first render, before its countdowns subscribe) brings the time up to
 * date, and the rest of that render reads the same time however long it takes. A first render on a slow phone is a
 * transition that takes several frames; a time that moved under it would make React render the whole page again, at
 * once, to agree.
 * After a hydration, the first read is the countdowns' own check, in the effects that subscribe them, while the
 * drawing's moment is still held: they find the time they showed, and the catch-up moves them on in a task of its own.
 */
const now: Store<number> = {
  ...ticks,
  get: () => {
    if (!isFresh) {
      isFresh = true;
      ticks.set(renderNow());
    }
    return ticks.get();
  },
};

const subscribeToNothing = () => () => undefined;

/**
 * The time as `select` shows it. The server's render of the first screen (decision 045) never subscribes, and it and
 * the browser's hydration of it read the moment the page was drawn (decision 061): the countdowns come out the same, and
 * the catch-up brings them up to date in the next task. In content the browser skips drawing (far down a long list, decision 052), the time
 * rests: it is read again when the content comes near.
 */
function useTime<T>(select: (nowMs: number) => T): T {
  const isResting = useOffScreen().isSkipped;
  return useSyncExternalStore(
    isResting ? subscribeToNothing : now.subscribe,
    () => select(now.get()),
    () => select(renderNow()),
  );
}

export function useServerNow(): number {
  return useTime((nowMs) => nowMs);
}

/**
 * What a component shows of the server time (say, whole seconds left): it re-renders only when that changes, not on
 * every tick. `select` must return a primitive (compared with Object.is).
 */
export function useServerNowSelect<T extends string | number | boolean>(select: (nowMs: number) => T): T {
  return useTime(select);
}
