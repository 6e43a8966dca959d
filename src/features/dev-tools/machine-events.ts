// What the dev panel reads from a running actor: the event types its machine knows, which of them would do
// something now, its state as one line and its context as JSON.
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from "xstate";

type StateNodeLike = { transitions: Map<string, unknown>; states: Record<string, StateNodeLike> };

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === "object" && logic !== null && "root" in logic && "getTransitionData" in logic;
}

/**
 * Every event type some state of the actor's machine reacts to, sorted. XState's own events (`xstate.after…`,
 * `xstate.done…`) come from timers and invoked actors, not from a tester, so they are left out.
 */
export function knownEventTypes(actor: AnyActorRef): string[] {
  // A registered actor is an Actor (from useActorRef or createActor), which carries its logic; a bare ref has none.
  const logic: unknown = "logic" in actor ? actor.logic : undefined;
  if (!isMachine(logic)) return [];
  const types = new Set<string>();
  const visit = (node: StateNodeLike) => {
    for (const type of node.transitions.keys()) if (!type.startsWith("xstate.") && type !== "*") types.add(type);
    Object.values(node.states).forEach(visit);
  };
  visit(logic.root as unknown as StateNodeLike);
  return [...types].sort();
}

/** Whether the machine would take a transition for `event` in `snapshot` (false when a guard cannot judge it). */
export function canTake(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  try {
    return snapshot.status === "active" && snapshot.can(event);
  } catch {
    return false;
  }
}

/** `{ open: "editing" }` reads "open.editing"; parallel regions are joined with commas. */
export function stateLabel(value: StateValue): string {
  if (typeof value === "string") return value;
  return Object.entries(value)
    .map(([key, child]) =>
      child === undefined || (typeof child === "object" && Object.keys(child).length === 0) ? key : `${key}.${stateLabel(child)}`,
    )
    .join(", ");
}

/** Indented JSON of any context: actors show as their id, functions by name, repeated objects once. */
export function contextJson(context: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(
      context,
      (_key, value: unknown) => {
        if (typeof value === "function") return `[function ${value.name || "anonymous"}]`;
        if (typeof value === "object" && value !== null) {
          if ("sessionId" in value && "send" in value && "getSnapshot" in value) return `[actor ${String((value as AnyActorRef).id)}]`;
          if (seen.has(value)) return "[seen above]";
          seen.add(value);
        }
        return value;
      },
      2,
    ) ?? "undefined"
  );
}

/** The payload field's text as an object to merge into the event, or null when it is not a JSON object. */
export function parsePayload(text: string): Record<string, unknown> | null {
  if (text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
