// A slice of a held actor read two ways: `useActorSlice` renders a change at once (useSyncExternalStore), and
// `useActorSliceInTransition` renders it in a transition, which React slices (decision 069).
import { Suspense, use } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import { expect, it } from "vitest";
import { runOutsideAct } from "../../tests/support/render";
import { createStore } from "../lib/create-store";
import { useActorSlice, useActorSliceInTransition } from "./use-actor-slice";

type Snapshot = { name: string };

/** An actor as the hooks see one: a snapshot to read and a subscription to its changes. */
function fakeActor(initial: Snapshot) {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe: (onChange: () => void) => {
      listeners.add(onChange);
      return { unsubscribe: () => listeners.delete(onChange) };
    },
    become: (next: Snapshot) => {
      snapshot = next;
      listeners.forEach((listener) => listener());
    },
  };
}

// Outside act(), as in the browser: an update at once in a microtask, a transition in a task of the scheduler.
runOutsideAct();

const microtasksRun = async () => {
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
};

it("renders a change at once with useActorSlice, and in a transition, after the microtasks, with useActorSliceInTransition", async () => {
  const actor = fakeActor({ name: "loading" });
  const held = createStore<typeof actor | null>(null);
  const select = (snapshot: Snapshot) => snapshot.name;
  function AtOnce() {
    return <p>at once: {useActorSlice(held, select, "missing")}</p>;
  }
  function InTransition() {
    return <p>in a transition: {useActorSliceInTransition(held, select, "missing")}</p>;
  }
  render(
    <>
      <AtOnce />
      <InTransition />
    </>,
  );
  expect(screen.getByText("in a transition: missing")).toBeInTheDocument();

  held.set(actor);
  await waitFor(() => expect(screen.getByText("in a transition: loading")).toBeInTheDocument());
  expect(screen.getByText("at once: loading")).toBeInTheDocument();

  actor.become({ name: "visitor" });
  await microtasksRun();
  expect(screen.getByText("at once: visitor")).toBeInTheDocument();
  expect(screen.getByText("in a transition: loading")).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText("in a transition: visitor")).toBeInTheDocument());
});

it("asks for no render when the snapshot changes and the slice reads as before", async () => {
  const actor = fakeActor({ name: "visitor" });
  const held = createStore<typeof actor | null>(actor);
  let renders = 0;
  function Reader() {
    renders += 1;
    return <p>{useActorSliceInTransition(held, (snapshot: Snapshot) => snapshot.name, "missing")}</p>;
  }
  render(<Reader />);
  await screen.findByText("visitor");
  const rendersBefore = renders;
  actor.become({ name: "visitor" });
  actor.become({ name: "signed in" });
  await screen.findByText("signed in");
  expect(renders).toBe(rendersBefore + 1);
});

it("keeps what it shows while the render of a change waits: a transition, not an update that must show at once", async () => {
  const actor = fakeActor({ name: "loading" });
  const held = createStore<typeof actor | null>(actor);
  const never = new Promise<never>(() => undefined);
  let triesOfVisitor = 0;
  function Reader() {
    const name = useActorSliceInTransition(held, (snapshot: Snapshot) => snapshot.name, "missing");
    if (name === "visitor") {
      triesOfVisitor += 1;
      use(never);
    }
    return <p>{name}</p>;
  }
  render(
    <Suspense fallback={<p>fallback</p>}>
      <Reader />
    </Suspense>,
  );
  await screen.findByText("loading");
  actor.become({ name: "visitor" });
  await waitFor(() => expect(triesOfVisitor).toBeGreaterThan(0));
  await microtasksRun();
  // An update that must show at once would have put the fallback in the reader's place.
  expect(screen.getByText("loading")).toBeInTheDocument();
  expect(screen.queryByText("fallback")).not.toBeInTheDocument();
});
