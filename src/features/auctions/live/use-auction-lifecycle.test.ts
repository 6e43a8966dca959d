// A shown auction's phase: drawn by the first render, from the machine its actor runs, and its actor's start (in a
// task of its own after the commit) renders nothing again. A second render forced before the paint cannot be sliced:
// on a page of cards it was the longest task of a phone's first load; so were the actors' starts inside the commit.
import { act, renderHook } from "@testing-library/react";
import { Actor } from "xstate";
import { beforeAll, expect, it, vi } from "vitest";
import { devMachines } from "../../../lib/dev-machines";
import { actorsStarted } from "../../../../tests/support/render";
import { loadLifecycleActors, useAuctionPhase } from "./use-auction-lifecycle";
import type { LifecycleActor } from "./lifecycle-actors";

beforeAll(loadLifecycleActors);

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

it("shows the phase its actor starts in from the first render; the actor starts in a task of its own and renders nothing again", async () => {
  const phases: unknown[] = [];
  const auction = { id: 41, status: "Waiting", startsAt: inMinutes(20), endsAt: null } as const;
  const { result, unmount } = renderHook(() => {
    const phase = useAuctionPhase(auction);
    phases.push(phase);
    return phase;
  });
  expect(phases).toEqual(["waiting"]);
  const listed = () => devMachines().find((machine) => machine.name === "auction-lifecycle #41")?.actor as LifecycleActor | undefined;
  // Not inside the commit (decision 061).
  expect(listed()).toBeUndefined();
  await actorsStarted();
  expect(phases).toEqual(["waiting"]);
  const actor = listed() as LifecycleActor;
  expect(actor.getSnapshot().status).toBe("active");

  // From then on the actor is what the phase follows (here, moved as the dev panel moves it).
  act(() =>
    actor.send({ type: "auction.updated", status: "Running", startsAtMs: Date.now(), endsAtMs: Date.now() + 60_000, nowMs: Date.now() }),
  );
  expect(result.current).toBe("running");
  unmount();
  expect(actor.getSnapshot().status).toBe("stopped");
});

it("follows a new state of the auction it shows", () => {
  const { result, rerender } = renderHook(
    (auction: { id: number; status: "Running" | "Ended"; startsAt: string; endsAt: string }) => useAuctionPhase(auction),
    {
      initialProps: { id: 42, status: "Running", startsAt: inMinutes(-5), endsAt: inMinutes(30) },
    },
  );
  expect(result.current).toBe("running");
  rerender({ id: 42, status: "Ended", startsAt: inMinutes(-5), endsAt: inMinutes(0) });
  expect(result.current).toBe("ended");
});

it("tells its actor only what it does not know: not the state it started from, then each new one", async () => {
  const sends = vi.spyOn(Actor.prototype, "send");
  const startsAt = inMinutes(-5);
  const { rerender, unmount } = renderHook(
    (auction: { id: number; status: "Running"; startsAt: string; endsAt: string }) => useAuctionPhase(auction),
    {
      initialProps: { id: 43, status: "Running", startsAt, endsAt: inMinutes(30) },
    },
  );
  await actorsStarted();
  expect(sends).not.toHaveBeenCalled();
  const endsAt = inMinutes(31);
  rerender({ id: 43, status: "Running", startsAt, endsAt });
  expect(sends).toHaveBeenCalledOnce();
  expect(sends.mock.calls[0]?.[0]).toMatchObject({ type: "auction.updated", endsAtMs: Date.parse(endsAt) });
  unmount();
  sends.mockRestore();
});
