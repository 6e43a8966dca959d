// Generated-path tests for the machines (xstate/graph), shared by every `*.machine.test.ts`: from the shortest path
// to each state the machine can reach, one path per event that takes a transition there. Each path is replayed on
// a real actor that reports the transitions it takes, so a test can check that every transition of the machine ran.
// Test support only: nothing in the app imports this file.
import { createActor, transition, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition, type EventObject, type StateNode } from "xstate";
import { getShortestPaths } from "xstate/graph";

/** The events from the start; the state the last one is sent in, and the state it should lead to. */
export type GeneratedPath = { events: EventObject[]; from: AnyMachineSnapshot; expected: AnyMachineSnapshot };

type Options = { events: readonly EventObject[]; input?: unknown };

/** Every state node of the machine, the root first. */
function stateNodes(machine: AnyStateMachine): StateNode[] {
  const nodes: StateNode[] = [];
  const visit = (node: StateNode) => {
    nodes.push(node);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root as StateNode);
  return nodes;
}

/** Every transition the machine defines: on events, after delays, when invoked actors finish, and eventless ones. */
export function definedTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return stateNodes(machine).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) as AnyTransitionDefinition[];
}

/** A transition as a line of a failure message: "auth.loading —user.signedIn→ auth.authenticated". */
export function describeTransition(definition: AnyTransitionDefinition): string {
  const targets = definition.target?.map((node) => node.id).join(", ") ?? "(stays)";
  return `${definition.source.id} —${definition.eventType || "always"}→ ${targets}`;
}

/**
 * The generated paths: `events` are the events to try (with the payloads that matter); the delayed events
 * (`xstate.after…`) the machine defines are added, since a tester never types their names.
 */
export function generatePaths(machine: AnyStateMachine, { events, input }: Options): GeneratedPath[] {
  const delayed = new Set(definedTransitions(machine).map((t) => t.eventType).filter((type) => type.startsWith("xstate.after.")));
  const allEvents: EventObject[] = [...events, ...[...delayed].map((type) => ({ type }))];
  const toStates = getShortestPaths(machine, { events: allEvents, ...(input === undefined ? {} : { input }) });
  // A machine in a final state is done: it takes no more events, whatever its definition says.
  return toStates.flatMap((path) => {
    if (path.state.status !== "active") return [];
    const before = path.steps.map((step) => step.event).filter((event) => event.type !== "xstate.init");
    return allEvents
      .filter((event) => machine.getTransitionData(path.state, event).length > 0)
      .map((event) => ({ events: [...before, event], from: path.state, expected: transition(machine, path.state, event)[0] }));
  });
}

/**
 * Replays one path on a real actor: the state it ends in and every transition it took (the initial ones included).
 * Invoked actors do start, but the walk is synchronous and the actor is stopped before any of them can answer.
 */
export function walkPath(machine: AnyStateMachine, path: GeneratedPath, input?: unknown) {
  const taken = new Set<AnyTransitionDefinition>();
  const actor = createActor(machine, {
    ...(input === undefined ? {} : { input }),
    inspect: (inspection) => {
      // The machine's own steps (not its invoked actors'), the first ones taken while it is being created.
      const isRoot = inspection.actorRef.sessionId === inspection.rootId;
      if (inspection.type === "@xstate.microstep" && isRoot) inspection._transitions.forEach((t) => taken.add(t));
    },
  });
  actor.start();
  path.events.forEach((event) => actor.send(event));
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  actor.stop();
  return { snapshot, taken };
}

/** Every state value the paths pass through, as JSON. */
export const reachedStates = (paths: GeneratedPath[]): Set<string> =>
  new Set(paths.flatMap((path) => [path.from.value, path.expected.value]).map((value) => JSON.stringify(value)));

/** Walks every path; the paths whose actor ended elsewhere than expected, and the transitions no path took. */
export function walkAll(machine: AnyStateMachine, paths: GeneratedPath[], input?: unknown) {
  const taken = new Set<AnyTransitionDefinition>();
  const mismatches: string[] = [];
  for (const path of paths) {
    const walked = walkPath(machine, path, input);
    walked.taken.forEach((t) => taken.add(t));
    if (JSON.stringify(walked.snapshot.value) !== JSON.stringify(path.expected.value)) {
      mismatches.push(`${path.events.map((e) => e.type).join(" → ")}: ${JSON.stringify(walked.snapshot.value)}, expected ${JSON.stringify(path.expected.value)}`);
    }
  }
  const untaken = definedTransitions(machine).filter((definition) => !taken.has(definition)).map(describeTransition);
  return { mismatches, untaken };
}
