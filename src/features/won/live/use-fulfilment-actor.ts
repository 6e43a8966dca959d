// The fulfilment machine of one won auction, running on the won-auctions page: it follows the server's state (each
// update sends the events that lead there) and is registered for the dev panel. The card draws its stepper from
// the server's state itself, so what the winner sees never depends on this actor.
import { useActorRef } from "@xstate/react";
import { useEffect } from "react";
import type { FulfilmentState, WonAuction } from "../../../../contract";
import { fulfilmentEventBetween, fulfilmentMachine } from "../../../../machines/fulfilment.machine";
import { useDevRegistration } from "../../../lib/dev-machines";

const deliveryPath: FulfilmentState[] = ["AwaitingPayment", "PaymentReceived", "InDelivery", "Delivered"];

/** The states between `from` and `to` along the machine's path, `to` included (only `to` when not on the path). */
function statesBetween(from: FulfilmentState, to: FulfilmentState): FulfilmentState[] {
  const start = deliveryPath.indexOf(from);
  const end = deliveryPath.indexOf(to);
  return start !== -1 && end > start ? deliveryPath.slice(start + 1, end + 1) : [to];
}

export function useFulfilmentActor(wonAuction: Pick<WonAuction, "auctionId" | "state">) {
  const { state } = wonAuction;
  const actor = useActorRef(fulfilmentMachine, { snapshot: fulfilmentMachine.resolveState({ value: state, context: {} }) });
  useEffect(() => {
    let current = actor.getSnapshot().value as FulfilmentState;
    for (const next of statesBetween(current, state)) {
      const event = fulfilmentEventBetween(current, next);
      if (!event) break;
      actor.send(event);
      current = next;
    }
  }, [actor, state]);
  useDevRegistration(`fulfilment #${wonAuction.auctionId}`, actor);
  return actor;
}
