// The fulfilment machine of one won auction, running on its card of the won-auctions page: it starts where the list
// (REST) says the fulfilment is and follows each later state the list hears of (`fulfilment:updated`) by sending the
// events that lead there. The card draws its badge, stepper and sections from this actor's snapshot, and the dev
// panel lists this very actor: an event sent there moves what the winner sees.
import { useActorRef, useSelector } from "@xstate/react";
import { useLayoutEffect } from "react";
import type { FulfilmentState, WonAuction } from "../../../../contract";
import {
  fulfilmentEventBetween,
  fulfilmentMachine,
  fulfilmentSnapshotAt,
  type FulfilmentSnapshot,
} from "../../../../machines/fulfilment.machine";
import { useDevRegistration } from "../../../lib/dev-machines";

const deliveryPath: FulfilmentState[] = ["AwaitingPayment", "PaymentReceived", "InDelivery", "Delivered"];

/** The states between `from` and `to` along the machine's path, `to` included (only `to` when not on the path). */
function statesBetween(from: FulfilmentState, to: FulfilmentState): FulfilmentState[] {
  const start = deliveryPath.indexOf(from);
  const end = deliveryPath.indexOf(to);
  return start !== -1 && end > start ? deliveryPath.slice(start + 1, end + 1) : [to];
}

/**
 * The snapshot of the won auction's fulfilment actor (or a Buy it now purchase's: the same machine), re-rendering the
 * caller when it moves; the dev panel lists it as `devName`.
 */
export function useFulfilment(
  wonAuction: Pick<WonAuction, "auctionId" | "state">,
  devName = `fulfilment #${wonAuction.auctionId}`,
): FulfilmentSnapshot {
  const { state } = wonAuction;
  const actor = useActorRef(fulfilmentMachine, { snapshot: fulfilmentSnapshotAt(state) });
  // Before the paint, so the card never shows the list's new state beside the actor's old one.
  useLayoutEffect(() => {
    let current = actor.getSnapshot().value;
    for (const next of statesBetween(current, state)) {
      const event = fulfilmentEventBetween(current, next);
      if (!event) break;
      actor.send(event);
      current = next;
    }
  }, [actor, state]);
  useDevRegistration(devName, actor);
  return useSelector(actor, (snapshot) => snapshot);
}
