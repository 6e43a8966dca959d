// The auction-lifecycle actor of one shown auction (a card, or the auction's page): the phase the screen shows is this
// actor's state, and the dev panel lists this very actor. XState and the machine come in their own chunk (decision
// 014), fetched as soon as this module runs, as the auth actor's is; the page's first render waits for it (src/main.tsx,
// decision 042). Until it is in there is no actor, the phase is null and the screen shows none yet. Once it is in, the
// first render shows the phase the machine starts in, and the actor starts in a task of its own right after.
import { useEffect, useEffectEvent, useLayoutEffect, useState } from "react";
import type { AuctionCardState } from "../../../../contract";
import type { AuctionPhase } from "../../../../contract/auction-countdown";
import { useActorSlice } from "../../../hooks/use-actor-slice";
import { createStore, useStore } from "../../../lib/create-store";
import { renderNow, serverNow } from "../../../lib/server-clock";
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

type ShownAuction = Pick<AuctionCardState, "id" | "status" | "startsAt" | "endsAt">;

/**
 * The phase of `auction` as its own lifecycle actor has it, the actor running while the component shows the auction
 * and fed with each new state of it; null until the actors' chunk is in.
 *
 * The first render already shows the phase the actor will start in (the machine's first decision, `startingPhaseOf`),
 * and the actor starts right after without re-rendering anything: the component re-renders only when the phase
 * changes. (Starting the actor and then rendering its phase was a second, blocking render of every card before the
 * first paint.)
 */
export function useAuctionPhase(auction: ShownAuction): AuctionPhase | null {
  const [held] = useState(() => createStore<LifecycleActor | null>(null));
  const actors = useStore(loaded);
  const { id, status } = auction;
  const startsAtMs = Date.parse(auction.startsAt);
  const endsAtMs = auction.endsAt ? Date.parse(auction.endsAt) : null;
  const currentInput = useEffectEvent(() => ({ status, startsAtMs, endsAtMs, nowMs: serverNow() }));

  // The actor starts in a task of its own, from the auction as it is by then. Started in the commit, a page's cards
  // would all start theirs inside its one task (about 4 ms a card on a phone slowed 4×, which React cannot slice;
  // decision 061). Until it starts, the screen shows the phase it will start in.
  useEffect(() => {
    // Not in yet: asked for again (a load that failed, say offline, is tried anew by the next card that shows).
    if (!actors) return void loadLifecycleActors().catch(() => undefined);
    let lifecycle: ReturnType<typeof actors.startLifecycle> | undefined;
    const start = setTimeout(() => {
      lifecycle = actors.startLifecycle(`auction-lifecycle #${id}`, currentInput());
      held.set(lifecycle.actor);
    }, 0);
    return () => {
      clearTimeout(start);
      if (!lifecycle) return;
      held.set(null);
      lifecycle.stop();
    };
  }, [actors, held, id]);

  // A new state goes to the actor only when it tells it something: the actor just started knows the state it started
  // from (on a phone's first load, each card's start then costs one machine step, not two).
  useLayoutEffect(() => {
    const actor = held.get();
    if (!actor) return;
    const known = actor.getSnapshot().context;
    if (known.status === status && known.startsAtMs === startsAtMs && known.endsAtMs === endsAtMs) return;
    actor.send({ type: "auction.updated", status, startsAtMs, endsAtMs, nowMs: serverNow() });
  }, [held, status, startsAtMs, endsAtMs]);

  // Needed only while no actor is held: the first render, before the effect above starts one. Once it runs, a
  // new state of the auction (a bid resets its end) goes to the actor and is not worked out here again.
  const startingPhase = actors && !held.get() ? actors.startingPhase({ status, startsAtMs, endsAtMs, nowMs: renderNow() }) : null;
  return useActorSlice(held, (snapshot) => actors?.auctionPhaseOf(snapshot) ?? null, startingPhase);
}
