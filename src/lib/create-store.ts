// A value the page shares outside React (toasts, the live status, the ticker's time…) that components read with
// `useSyncExternalStore`: one way to hold it, set it and tell the readers.
import { useSyncExternalStore } from "react";

export type Store<T> = {
  get: () => T;
  /** Tells the readers only when the value changes (Object.is). */
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
};

/**
 * `whileWatched` runs when the first reader subscribes and its cleanup when the last one leaves: a timer that should
 * tick only while someone shows its value.
 */
export function createStore<T>(initial: T, whileWatched?: (store: Store<T>) => () => void): Store<T> {
  let value = initial;
  let stopWatching: (() => void) | undefined;
  const listeners = new Set<() => void>();
  const store: Store<T> = {
    get: () => value,
    set: (next) => {
      const resolved = typeof next === "function" ? (next as (current: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      if (listeners.size === 1 && whileWatched) stopWatching = whileWatched(store);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stopWatching) {
          stopWatching();
          stopWatching = undefined;
        }
      };
    },
  };
  return store;
}

/**
 * The store's value, or what `select` makes of it (a primitive or a stable value: the component re-renders only when
 * it changes); `serverValue` is what a server render shows.
 */
export function useStore<T>(store: Store<T>): T;
export function useStore<T, S>(store: Store<T>, select: (value: T) => S, serverValue?: S): S;
export function useStore<T, S>(store: Store<T>, select?: (value: T) => S, serverValue?: S): T | S {
  const read: () => T | S = select ? () => select(store.get()) : store.get;
  return useSyncExternalStore<T | S>(store.subscribe, read, serverValue === undefined ? read : () => serverValue);
}
