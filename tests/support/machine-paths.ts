// Generated-path tests for the machines (xstate/graph), shared by every `*.machine.test.ts`. The paths come from the
// machine (the shortest way to each state it can reach, then every event the test names); what each step should
// lead to comes from an oracle: the rules written by hand from SPEC.md and DESIGN.md, apart from the machine, so a
// wrong transition in the machine shows up as a step where the two disagree.
// Test support: nothing in the app imports this file (which is why it lives here and not in machines/).
import { createActor, type AnyStateMachine, type EventObject, type StateNode, type StateValue } from "xstate";
import { getShortestPaths } from "xstate/graph";

/**
 * The rules of one machine, by hand: where it starts, and for each event the rules that apply (by name) and where
 * they lead (null when the rules say the event changes nothing there). `Model` is whatever the rules need.
 */
export type Oracle<Model> = {
  start: Model;
  next: (model: Model, event: EventObject) => { rules: readonly string[]; model: Model } | null;
  /** The state the machine should be in, as XState writes a state value. */
  value: (model: Model) => StateValue;
  /** What a screen reads from the context besides the state (the step a tour shows), where it matters. */
  shown?: (model: Model) => Record<string, unknown>;
  /** Every rule's name, so a walk can say which rules no path met. */
  rules: readonly string[];
};

type Options = { events: readonly EventObject[]; input?: unknown };

/** More states than any machine here has (a few hundred, counting context): beyond it, something is unbounded. */
const STATE_LIMIT = 5000;

/** The delayed events (`xstate.after…`) the machine's states wait for: a tester never types their names. */
function delayedEvents(machine: AnyStateMachine): EventObject[] {
  const types: string[] = [];
  const visit = (node: StateNode) => {
    node.after.forEach((delayed) => types.push(delayed.eventType));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root as StateNode);
  return [...new Set(types)].map((type) => ({ type }));
}

/** An event sent when a delay set on entering `stateId` ("auth.failed") has passed. */
export const isDelayIn = (event: EventObject, stateId: string) =>
  event.type.startsWith("xstate.after.") && event.type.endsWith(`.${stateId}`);
/** The answer of the invoked actor `actorId`: "done" with its output, or "error". */
export const isActorDone = (event: EventObject, actorId: string) => event.type === `xstate.done.actor.${actorId}`;
export const isActorError = (event: EventObject, actorId: string) => event.type === `xstate.error.actor.${actorId}`;

/**
 * The generated paths: to each state the machine can reach (by its shortest path), then each of the events, whether
 * the machine takes a transition on it or not (the oracle may say it should). A machine in a final state is done
 * and takes no more events, so no path goes on from one. An invoked actor's failure is sent only where the machine
 * handles it: elsewhere it would stop the machine, and no invoked actor can fail outside the state that runs it
 * (a handler missing there shows as the oracle's rule that no path met).
 */
export function generatePaths(machine: AnyStateMachine, { events, input }: Options): EventObject[][] {
  const allEvents: EventObject[] = [...events, ...delayedEvents(machine)];
  // A mutated machine can reach endless states (a step counting past the first); the walk stops and says so.
  const toStates = getShortestPaths(machine, { events: allEvents, limit: STATE_LIMIT, ...(input === undefined ? {} : { input }) });
  return toStates.flatMap((path) => {
    if (path.state.status !== "active") return [];
    const before = path.steps.map((step) => step.event).filter((event) => event.type !== "xstate.init");
    return allEvents
      .filter((event) => !event.type.startsWith("xstate.error.actor.") || machine.getTransitionData(path.state, event).length > 0)
      .map((event) => [...before, event]);
  });
}

const describe = (event: EventObject) => {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const details = Object.entries(payload).filter(([, value]) => typeof value !== "object" || value === null);
  return details.length ? `${type}(${details.map(([key, value]) => `${key}=${String(value)}`).join(",")})` : type;
};

/**
 * Replays every path on a real actor, event by event, and compares its state after each one with the oracle's.
 * Invoked actors do start, but the walk is synchronous and the actor is stopped before any of them can answer.
 * Answers: the disagreements (each path up to its first), the oracle's rules no path met, and every state seen.
 */
export function walkAgainst<Model>(machine: AnyStateMachine, paths: EventObject[][], oracle: Oracle<Model>, input?: unknown) {
  const mismatches = new Set<string>();
  const metRules = new Set<string>();
  const reached = new Set<string>();
  for (const events of paths) {
    const actor = createActor(machine, input === undefined ? {} : { input });
    actor.subscribe({ error: () => undefined }); // an error shows as the state that disagrees
    actor.start();
    let model = oracle.start;
    const steps: string[] = ["start"];
    const agrees = () => {
      const snapshot = actor.getSnapshot();
      const shown = oracle.shown?.(model) ?? {};
      const context = snapshot.context as Record<string, unknown>;
      const seen = Object.fromEntries(Object.keys(shown).map((key) => [key, context[key]]));
      const actual =
        snapshot.status === "error"
          ? `stopped by ${String(snapshot.error)}`
          : JSON.stringify(snapshot.value) + (Object.keys(shown).length ? ` ${JSON.stringify(seen)}` : "");
      const expected = JSON.stringify(oracle.value(model)) + (Object.keys(shown).length ? ` ${JSON.stringify(shown)}` : "");
      reached.add(JSON.stringify(snapshot.value));
      if (actual !== expected) mismatches.add(`${steps.join(" → ")}: ${actual}, expected ${expected}`);
      return actual === expected;
    };
    if (agrees()) {
      for (const event of events) {
        const step = oracle.next(model, event);
        if (step) {
          step.rules.forEach((rule) => metRules.add(rule));
          model = step.model;
        }
        steps.push(describe(event));
        actor.send(event);
        if (!agrees()) break;
      }
    }
    actor.stop();
  }
  const unmetRules = oracle.rules.filter((rule) => !metRules.has(rule));
  const unknownRules = [...metRules].filter((rule) => !oracle.rules.includes(rule));
  return { mismatches: [...mismatches], unmetRules: [...unmetRules, ...unknownRules.map((rule) => `not listed: ${rule}`)], reached };
}
