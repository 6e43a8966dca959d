// What a component reads of an actor held in a store: none yet while its machine's chunk loads after the first paint
// (decision 014), then the one started, maybe later another. A slice of its snapshot, re-rendering only when the
// slice changes (not when an actor arrives whose slice reads as before), or `whileMissing` while none is held.
// No XState at run time: any actor's `subscribe` and `getSnapshot` do.
import { startTransition, useCallback, useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from "react";
import type { Subscription } from "xstate";
import type { Store } from "../lib/create-store";

type Readable = { subscribe: (onChange: () => void) => Subscription; getSnapshot: () => unknown };
type Held<A> = Pick<Store<A | null>, "get" | "subscribe">;

/** `select` must return a primitive or a stable value (compared with Object.is). */
export function useActorSlice<A extends Readable, T>(
  held: Held<A>,
  select: (snapshot: ReturnType<A["getSnapshot"]>) => T,
  whileMissing: T,
): T {
  const subscribe = useCallback((onChange: () => void) => follow(held, onChange), [held]);
  const read = () => readSlice(held, select, whileMissing);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The same slice, but its changes render in a transition: React renders them in slices, and a tap or a scroll gets in
 * between. For a slice that many components read and that changes as the page starts: the user, which every card's
 * buttons read, and whose arrival re-rendered them all in one task React could not slice (`useSyncExternalStore`'s
 * changes render at once; 5–14 ms at 1× as Home started, four to eight times that on a phone; decision 069).
 */
export function useActorSliceInTransition<A extends Readable, T>(
  held: Held<A>,
  select: (snapshot: ReturnType<A["getSnapshot"]>) => T,
  whileMissing: T,
): T {
  const [slice, setSlice] = useState(() => readSlice(held, select, whileMissing));
  // The slice last handed to React: a change of the snapshot that leaves it as it was asks for no render.
  const handed = useRef(slice);
  const onChange = useEffectEvent(() => {
    const next = readSlice(held, select, whileMissing);
    if (Object.is(next, handed.current)) return;
    handed.current = next;
    startTransition(() => setSlice(next));
  });
  useEffect(() => {
    // What changed between the render and this effect, then every change after it.
    onChange();
    return follow(held, onChange);
  }, [held]);
  return slice;
}

function readSlice<A extends Readable, T>(held: Held<A>, select: (snapshot: ReturnType<A["getSnapshot"]>) => T, whileMissing: T): T {
  const actor = held.get();
  return actor ? select(actor.getSnapshot() as ReturnType<A["getSnapshot"]>) : whileMissing;
}

/** Calls `onChange` on every change of the held actor's snapshot, and when another actor (or none) is held. */
function follow<A extends Readable>(held: Held<A>, onChange: () => void): () => void {
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
}
