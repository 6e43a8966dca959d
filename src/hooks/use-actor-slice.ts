// What a component reads of an actor held in a store: none yet while its machine's chunk loads after the first paint
// (decision 014), then the one started, maybe later another. A slice of its snapshot, re-rendering only when the
// slice changes (not when an actor arrives whose slice reads as before), or `whileMissing` while none is held.
// No XState at run time: any actor's `subscribe` and `getSnapshot` do.
import { useCallback, useSyncExternalStore } from "react";
import type { Subscription } from "xstate";
import type { Store } from "../lib/create-store";

type Readable = { subscribe: (onChange: () => void) => Subscription; getSnapshot: () => unknown };

/** `select` must return a primitive or a stable value (compared with Object.is). */
export function useActorSlice<A extends Readable, T>(
  held: Pick<Store<A | null>, "get" | "subscribe">,
  select: (snapshot: ReturnType<A["getSnapshot"]>) => T,
  whileMissing: T,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      let followed = held.get()?.subscribe(onChange);
      const unhold = held.subscribe(() => {
        followed?.unsubscribe();
        followed = held.get()?.subscribe(onChange);
        onChange();
      });
      return () => {
        unhold();
        followed?.unsubscribe();
      };
    },
    [held],
  );
  const read = () => {
    const actor = held.get();
    return actor ? select(actor.getSnapshot() as ReturnType<A["getSnapshot"]>) : whileMissing;
  };
  return useSyncExternalStore(subscribe, read, read);
}
