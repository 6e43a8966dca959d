// The live machines of the page, for the dev panel (outside production). Components register their actors here;
// the registry is a small store, so registering costs next to nothing when the panel never loads.
import { useEffect } from "react";
import type { AnyActorRef } from "xstate";
import { createStore, useStore } from "./create-store";

export type DevMachine = { key: number; name: string; actor: AnyActorRef };

let nextKey = 1;
const machines = createStore<readonly DevMachine[]>([]);

/** Adds a running actor under `name` (a second one of the same name is told apart by a number); returns the undo. */
export function registerDevMachine(name: string, actor: AnyActorRef): () => void {
  const taken = new Set(machines.get().map((machine) => machine.name));
  let uniqueName = name;
  for (let n = 2; taken.has(uniqueName); n += 1) uniqueName = `${name} (${n})`;
  const entry: DevMachine = { key: nextKey++, name: uniqueName, actor };
  machines.set((registered) => [...registered, entry]);
  return () => machines.set((registered) => registered.filter((machine) => machine !== entry));
}

/** Registers the actor while the component is mounted (nothing while it is still null). */
export function useDevRegistration(name: string, actor: AnyActorRef | null | undefined): void {
  useEffect(() => (actor ? registerDevMachine(name, actor) : undefined), [name, actor]);
}

/** The registered machines, in the order they arrived: a new array whenever one comes or goes. */
export const devMachines = (): readonly DevMachine[] => machines.get();

/** The registered machines, re-rendering the caller whenever one comes or goes. */
export function useDevMachines(): readonly DevMachine[] {
  return useStore(machines);
}
