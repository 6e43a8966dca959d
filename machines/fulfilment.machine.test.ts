import { describe, expect, it } from "vitest";
import { createActor, transition } from "xstate";
import { getShortestPaths, getSimplePaths } from "xstate/graph";
import { fulfilmentStates, type FulfilmentState } from "../contract";
import { payableFulfilmentStates } from "../contract/constants";
import {
  canTransition,
  fulfilmentEventBetween,
  fulfilmentEventTypes,
  fulfilmentMachine,
  fulfilmentSnapshotAt,
  fulfilmentStepper,
  isPayable,
  nextFulfilmentState,
  type FulfilmentEvent,
} from "./fulfilment.machine";

const events: FulfilmentEvent[] = fulfilmentEventTypes.map((type) => ({ type }));

/** The whole rule, written out once more by hand: every allowed step and nothing else. */
const allowed: [FulfilmentState, FulfilmentEvent["type"], FulfilmentState][] = [
  ["AwaitingPayment", "payment.received", "PaymentReceived"],
  ["AwaitingPayment", "payment.expired", "Expired"],
  ["PaymentReceived", "delivery.started", "InDelivery"],
  ["InDelivery", "delivery.completed", "Delivered"],
];

describe("the fulfilment machine", () => {
  it("tags as payable exactly the states the contract's plain list names (the first screen's unpaid count reads that)", () => {
    expect(fulfilmentStates.filter((state) => isPayable(state))).toEqual([...payableFulfilmentStates]);
  });

  it("starts awaiting payment, payable", () => {
    const actor = createActor(fulfilmentMachine).start();
    expect(actor.getSnapshot().value).toBe("AwaitingPayment");
    expect(actor.getSnapshot().hasTag("payable")).toBe(true);
  });

  it("goes from payment to delivery and ends there", () => {
    const actor = createActor(fulfilmentMachine).start();
    actor.send({ type: "payment.received" });
    expect(actor.getSnapshot().value).toBe("PaymentReceived");
    actor.send({ type: "delivery.started" });
    expect(actor.getSnapshot().value).toBe("InDelivery");
    actor.send({ type: "delivery.completed" });
    expect(actor.getSnapshot().value).toBe("Delivered");
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("expires an unpaid auction, and nothing moves it after that", () => {
    const actor = createActor(fulfilmentMachine).start();
    actor.send({ type: "payment.expired" });
    expect(actor.getSnapshot().value).toBe("Expired");
    expect(actor.getSnapshot().status).toBe("done");
    expect(nextFulfilmentState("Expired", { type: "payment.received" })).toBeNull();
  });

  // Generated at collection time, so that the test's title says how many paths run.
  const paths = getSimplePaths(fulfilmentMachine, { events });

  it(`walks all ${paths.length} generated paths, through every transition and only those`, () => {
    const walked = new Set<string>();
    for (const path of paths) {
      for (const step of path.steps.slice(1)) {
        const index = path.steps.indexOf(step);
        const from = path.steps[index - 1]!.state.value as FulfilmentState;
        walked.add(`${from} --${step.event.type}--> ${String(step.state.value)}`);
      }
    }
    expect([...walked].sort()).toEqual(allowed.map(([from, event, to]) => `${from} --${event}--> ${to}`).sort());
    const reached = new Set(getShortestPaths(fulfilmentMachine, { events }).map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual([...fulfilmentStates].sort());
    console.info(`fulfilment machine: ${paths.length} generated paths`);
  });

  it("refuses every event its state does not allow, changing nothing", () => {
    const legal = new Set(allowed.map(([from, event]) => `${from}:${event}`));
    let refused = 0;
    for (const state of fulfilmentStates) {
      for (const event of events) {
        const isLegal = legal.has(`${state}:${event.type}`);
        const [next] = transition(fulfilmentMachine, fulfilmentMachine.resolveState({ value: state, context: {} }), event);
        if (isLegal) {
          expect(next.value, `${state} + ${event.type}`).not.toBe(state);
        } else {
          expect(next.value, `${state} + ${event.type}`).toBe(state);
          expect(nextFulfilmentState(state, event)).toBeNull();
          refused += 1;
        }
      }
    }
    expect(refused).toBe(fulfilmentStates.length * events.length - allowed.length);
  });

  it("answers the server's question for every pair of states", () => {
    for (const from of fulfilmentStates) {
      for (const to of fulfilmentStates) {
        const step = allowed.find(([a, , b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(step !== undefined);
        expect(fulfilmentEventBetween(from, to)).toEqual(step ? { type: step[1] } : null);
      }
    }
    expect(fulfilmentStates.filter(isPayable)).toEqual(["AwaitingPayment"]);
  });
});

describe("the fulfilment stepper", () => {
  it("lists SPEC.md's steps in order and marks where the actor is as it moves", () => {
    const actor = createActor(fulfilmentMachine).start();
    expect(fulfilmentStepper(actor.getSnapshot())).toEqual([
      { state: "AwaitingPayment", status: "current" },
      { state: "PaymentReceived", status: "upcoming" },
      { state: "InDelivery", status: "upcoming" },
      { state: "Delivered", status: "upcoming" },
    ]);
    actor.send({ type: "payment.received" });
    actor.send({ type: "delivery.started" });
    expect(fulfilmentStepper(actor.getSnapshot()).map((step) => step.status)).toEqual(["done", "done", "current", "upcoming"]);
    actor.send({ type: "delivery.completed" });
    expect(fulfilmentStepper(actor.getSnapshot()).map((step) => step.status)).toEqual(["done", "done", "done", "done"]);
  });

  it("ends an expired auction after its first step", () => {
    const actor = createActor(fulfilmentMachine).start();
    actor.send({ type: "payment.expired" });
    expect(fulfilmentStepper(actor.getSnapshot())).toEqual([
      { state: "AwaitingPayment", status: "done" },
      { state: "Expired", status: "done" },
    ]);
  });

  it("starts an actor where the server says the fulfilment is", () => {
    expect(fulfilmentStepper(fulfilmentSnapshotAt("InDelivery")).map((step) => step.status)).toEqual([
      "done",
      "done",
      "current",
      "upcoming",
    ]);
    expect(
      createActor(fulfilmentMachine, { snapshot: fulfilmentSnapshotAt("Delivered") })
        .start()
        .getSnapshot().status,
    ).toBe("done");
  });
});
