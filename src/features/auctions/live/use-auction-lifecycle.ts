// The auction-lifecycle machine of one auction, running on its detail page: fed by the live updates (the auction
// as the cache holds it) and by the page's shared server-clock ticker, and registered for the dev panel. The page
// itself reads the same rule through `useLivePhase`, so what it shows does not depend on this actor.
import { useActorRef } from "@xstate/react";
import { useEffect } from "react";
import type { AuctionState } from "../../../../contract";
import { auctionLifecycleMachine } from "../../../../machines/auction-lifecycle.machine";
import { useServerNow } from "../../../hooks/use-server-now";
import { useDevRegistration } from "../../../lib/dev-machines";

export function useAuctionLifecycle(auction: Pick<AuctionState, "id" | "status" | "startsAt" | "endsAt">) {
  const nowMs = useServerNow();
  const { status } = auction;
  const startsAtMs = Date.parse(auction.startsAt);
  const endsAtMs = auction.endsAt ? Date.parse(auction.endsAt) : null;
  const actor = useActorRef(auctionLifecycleMachine, { input: { status, startsAtMs, endsAtMs, nowMs } });
  useEffect(() => {
    actor.send({ type: "auction.updated", status, startsAtMs, endsAtMs });
  }, [actor, status, startsAtMs, endsAtMs]);
  useEffect(() => {
    actor.send({ type: "clock.ticked", nowMs });
  }, [actor, nowMs]);
  useDevRegistration(`auction-lifecycle #${auction.id}`, actor);
  return actor;
}
