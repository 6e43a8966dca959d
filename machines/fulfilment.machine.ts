// What happens to a won auction (SPEC.md §4): AwaitingPayment → PaymentReceived → InDelivery → Delivered, or
// AwaitingPayment → Expired when the payment window closes. This machine is the rule: the server asks it whether a
// move is allowed (`nextFulfilmentState`), and each card of the won-auctions page draws its badge and stepper from its
// own actor of it (`fulfilmentStepper` of that actor's snapshot), the actor the dev panel lists.
import { setup, transition, type SnapshotFrom } from "xstate";
import type { FulfilmentState } from "../contract";

export type FulfilmentEvent =
  { type: "payment.received" } | { type: "payment.expired" } | { type: "delivery.started" } | { type: "delivery.completed" };

export const fulfilmentEventTypes = ["payment.received", "payment.expired", "delivery.started", "delivery.completed"] as const;

export const fulfilmentMachine = setup({
  types: { events: {} as FulfilmentEvent },
}).createMachine({
  id: "fulfilment",
  initial: "AwaitingPayment",
  states: {
    AwaitingPayment: {
      tags: ["payable"],
      on: { "payment.received": "PaymentReceived", "payment.expired": "Expired" },
    },
    PaymentReceived: { on: { "delivery.started": "InDelivery" } },
    InDelivery: { on: { "delivery.completed": "Delivered" } },
    Delivered: { type: "final" },
    Expired: { type: "final" },
  },
});

export type FulfilmentSnapshot = SnapshotFrom<typeof fulfilmentMachine>;

/** The snapshot of a fulfilment the server says is in `state` (where an actor of it starts). */
export const fulfilmentSnapshotAt = (state: FulfilmentState): FulfilmentSnapshot =>
  fulfilmentMachine.resolveState({ value: state, context: {} });

/** The state `event` leads to from `from`, or null when the machine refuses it there. */
export function nextFulfilmentState(from: FulfilmentState, event: FulfilmentEvent): FulfilmentState | null {
  const [next] = transition(fulfilmentMachine, fulfilmentSnapshotAt(from), event);
  const value = next.value as FulfilmentState;
  return value === from ? null : value;
}

/** The event that moves `from` to `to`, or null when no single allowed step does. */
export function fulfilmentEventBetween(from: FulfilmentState, to: FulfilmentState): FulfilmentEvent | null {
  for (const type of fulfilmentEventTypes) {
    if (nextFulfilmentState(from, { type }) === to) return { type };
  }
  return null;
}

export const canTransition = (from: FulfilmentState, to: FulfilmentState): boolean => fulfilmentEventBetween(from, to) !== null;

export const isPayable = (state: FulfilmentState): boolean => fulfilmentSnapshotAt(state).hasTag("payable");

export type StepStatus = "done" | "current" | "upcoming";
export type FulfilmentStep = { state: FulfilmentState; status: StepStatus };

/**
 * The stepper in SPEC.md's order: 'Auction ended', 'Received payment', 'Out for delivery', Delivered; an expired one
 * ends after its first step with 'Payment not received, auction canceled'. A final state counts as done.
 */
export function fulfilmentStepper(snapshot: FulfilmentSnapshot): FulfilmentStep[] {
  const state = snapshot.value;
  const path: FulfilmentState[] =
    state === "Expired" ? ["AwaitingPayment", "Expired"] : ["AwaitingPayment", "PaymentReceived", "InDelivery", "Delivered"];
  const at = path.indexOf(state);
  const isFinal = snapshot.status === "done";
  return path.map((step, index) => ({
    state: step,
    status: index < at || (index === at && isFinal) ? "done" : index === at ? "current" : "upcoming",
  }));
}
