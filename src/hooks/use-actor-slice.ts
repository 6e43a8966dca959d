// What a component reads of an actor that may not run yet (its machine's chunk loads after the first paint, decision
// 014): a slice of its snapshot, re-rendering only when the slice changes, or `whileMissing` until there is an actor.
// No XState at run time: any actor's `subscribe` and `getSnapshot` do.
import { useCallback, useSyncExternalStore } from "react";
import type { Subscription } from "xstate";

type Readable<S> = { subscribe: (onChange: () => void) => Subscription; getSnapshot: () => S };

/** `select` must return a primitive or a stable value (compared with Object.is). */
export function useActorSlice<S, T>(actor: Readable<S> | null, select: (snapshot: S) => T, whileMissing: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = () => (actor ? select(actor.getSnapshot()) : whileMissing);
  return useSyncExternalStore(subscribe, read, read);
}
