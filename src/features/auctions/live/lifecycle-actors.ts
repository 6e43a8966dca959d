// The auction-lifecycle actors of the page, one for each card or page that shows an auction: started here,
// registered for the dev panel under the same name, and told when the estimate of the server's clock changes (they
// wait for their next phase by timers, not on every tick). Its own chunk with XState and the machine, loaded by
// `use-auction-lifecycle.ts` after the first paint (decision 014).
import { createActor, type Actor } from "xstate";
import type { AuctionPhase } from "../../../../contract/auction-countdown";
import {
  auctionLifecycleMachine,
  auctionPhaseOf,
  startingPhaseOf,
  type LifecycleInput,
} from "../../../../machines/auction-lifecycle.machine";
import { registerDevMachine } from "../../../lib/dev-machines";
import { onClockOffsetChange, serverNow } from "../../../lib/server-clock";
import { createOneTimerClock } from "../../../lib/one-timer-clock";

export type LifecycleActor = Actor<typeof auctionLifecycleMachine>;

export { auctionPhaseOf };

const started = new Set<LifecycleActor>();

/** Every card's delays on one browser timer: each bid sets its card's timer to the end anew (decision 053). */
const clock = createOneTimerClock();

onClockOffsetChange(() => {
  const nowMs = serverNow();
  started.forEach((actor) => actor.send({ type: "clock.ticked", nowMs }));
});

/**
 * The phase an auction's actor starts in (the machine's first decision, written out beside it): what a screen shows
 * before the actor it is about to start runs, so that the start changes nothing on the screen.
 */
export const startingPhase: (input: LifecycleInput) => AuctionPhase = startingPhaseOf;

/** Starts the lifecycle of one shown auction, listed in the dev panel as `name`; returns it and its stop. */
export function startLifecycle(name: string, input: LifecycleInput): { actor: LifecycleActor; stop: () => void } {
  const actor = createActor(auctionLifecycleMachine, { input, clock }).start();
  started.add(actor);
  const unregister = registerDevMachine(name, actor);
  return {
    actor,
    stop: () => {
      unregister();
      started.delete(actor);
      actor.stop();
    },
  };
}
