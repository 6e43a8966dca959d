// The auction-lifecycle actor of one shown auction (a card, or the auction's page): the phase the screen shows is this
// actor's state, and the dev panel lists this very actor. XState and the machine come in their own chunk (decision
// 014), fetched as soon as this module runs, as the auth actor's is: the first paint does not wait for it, and until
// it is in there is no actor, the phase is null and the screen shows none yet.
import { useEffectEvent, useLayoutEffect, useState } from "react";
import type { AuctionState } from "../../../../contract";
import type { AuctionPhase } from "../../../../machines/auction-countdown";
import { useActorSlice } from "../../../hooks/use-actor-slice";
import { createStore, useStore } from "../../../lib/create-store";
import { serverNow } from "../../../lib/server-clock";
import type * as LifecycleActors from "./lifecycle-actors";
import type { LifecycleActor } from "./lifecycle-actors";

const loaded = createStore<typeof LifecycleActors | null>(null);
let loading: Promise<void> | undefined;

/** Loads the actors' chunk, once (again after a failed try). The auction's page waits for it before it renders. */
export function loadLifecycleActors(): Promise<void> {
  loading ??= import("./lifecycle-actors").then(
    (actors) => loaded.set(actors),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

loadLifecycleActors().catch(() => undefined);

type ShownAuction = Pick<AuctionState, "id" | "status" | "startsAt" | "endsAt">;

/**
 * The lifecycle actor of `auction` while the component shows it, fed with each new state of it (null until loaded).
 * The component renders once more when its actor starts, not also when the chunk arrives: on a page of cards, the
 * chunk's arrival starts every card's actor in one batch of store updates, so React renders each card once.
 */
export function useAuctionLifecycle(auction: ShownAuction): LifecycleActor | null {
  const [held] = useState(() => createStore<LifecycleActor | null>(null));
  const actor = useStore(held);
  const { id, status } = auction;
  const startsAtMs = Date.parse(auction.startsAt);
  const endsAtMs = auction.endsAt ? Date.parse(auction.endsAt) : null;
  const currentInput = useEffectEvent(() => ({ status, startsAtMs, endsAtMs, nowMs: serverNow() }));

  // A layout effect: with the chunk already in, the actor starts before the browser paints the render that needs it.
  useLayoutEffect(() => {
    let lifecycle: ReturnType<typeof LifecycleActors.startLifecycle> | undefined;
    const startWith = (actors: typeof LifecycleActors | null) => {
      if (!actors || lifecycle) return;
      lifecycle = actors.startLifecycle(`auction-lifecycle #${id}`, currentInput());
      held.set(lifecycle.actor);
    };
    startWith(loaded.get());
    const unsubscribe = lifecycle ? undefined : loaded.subscribe(() => startWith(loaded.get()));
    if (!lifecycle) loadLifecycleActors().catch(() => undefined);
    return () => {
      unsubscribe?.();
      held.set(null);
      lifecycle?.stop();
    };
  }, [held, id]);

  useLayoutEffect(() => {
    actor?.send({ type: "auction.updated", status, startsAtMs, endsAtMs, nowMs: serverNow() });
  }, [actor, status, startsAtMs, endsAtMs]);

  return actor;
}

/** The phase `actor` is in, re-rendering the caller only when it changes (null without an actor). */
export function useAuctionPhase(actor: LifecycleActor | null): AuctionPhase | null {
  const phaseOf = loaded.get()?.auctionPhaseOf;
  return useActorSlice(actor, (snapshot) => phaseOf?.(snapshot) ?? null, null);
}
