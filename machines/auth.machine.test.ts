import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor, type AnyEventObject } from "xstate";
import type { AuthUser, AuthenticatedUser } from "../contract";
import { USER_REFRESH_MS, authMachine, type AuthEvent } from "./auth.machine";
import { definedTransitions, generatePaths, reachedStates, walkAll } from "./generated-paths";

const anna: AuthenticatedUser = { isAuthenticated: true, firstName: "Anna", lastName: "Ozola", displayName: "anna", email: "a@b.lv", isOperator: false };
const anonymous: AuthUser = { isAuthenticated: false };

/** An actor whose GET /authn/user answers from a queue (an Error rejects). */
function startAuth(...answers: (AuthUser | Error)[]) {
  const fetchUser = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next instanceof Error || next === undefined) throw next ?? new Error("no answer");
    return next;
  });
  const actor = createActor(authMachine.provide({ actors: { fetchUser: fromPromise(fetchUser) } }));
  actor.start();
  return { actor, fetchUser };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the auth machine", () => {
  it("starts loading, then is authenticated with the user", async () => {
    const { actor } = startAuth(anna);
    expect(actor.getSnapshot().value).toBe("loading");
    await vi.waitFor(() => expect(actor.getSnapshot().matches("authenticated")).toBe(true));
    expect(actor.getSnapshot().context.user).toEqual(anna);
    expect(actor.getSnapshot().hasTag("resolved")).toBe(true);
  });

  it("is anonymous when nobody is signed in", async () => {
    const { actor } = startAuth(anonymous);
    await vi.waitFor(() => expect(actor.getSnapshot().matches("anonymous")).toBe(true));
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it("fails when the user cannot be fetched, and tries again after the interval", async () => {
    const { actor, fetchUser } = startAuth(new Error("offline"), anna);
    await vi.waitFor(() => expect(actor.getSnapshot().matches("failed")).toBe(true));
    await vi.advanceTimersByTimeAsync(USER_REFRESH_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().matches("authenticated")).toBe(true));
    expect(fetchUser).toHaveBeenCalledTimes(2);
  });

  it("fetches the user again every 60 seconds, not before", async () => {
    const { actor, fetchUser } = startAuth(anna);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches("authenticated")).toBe(true);
    await vi.advanceTimersByTimeAsync(USER_REFRESH_MS - 1);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchUser).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(USER_REFRESH_MS);
    expect(fetchUser).toHaveBeenCalledTimes(3);
  });

  it("becomes anonymous when a refresh finds the session gone", async () => {
    const { actor } = startAuth(anna, anonymous);
    await vi.waitFor(() => expect(actor.getSnapshot().matches("authenticated")).toBe(true));
    await vi.advanceTimersByTimeAsync(USER_REFRESH_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().matches("anonymous")).toBe(true));
  });

  it("keeps the user when a refresh fails on the network", async () => {
    const { actor } = startAuth(anna, new Error("offline"));
    await vi.waitFor(() => expect(actor.getSnapshot().matches("authenticated")).toBe(true));
    await vi.advanceTimersByTimeAsync(USER_REFRESH_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ authenticated: "idle" })).toBe(true));
    expect(actor.getSnapshot().context.user).toEqual(anna);
  });

  it("moves at once on sign-in, sign-out and session expiry", async () => {
    const { actor } = startAuth(anonymous);
    await waitFor(actor, (s) => s.matches("anonymous"));
    actor.send({ type: "user.signedIn", user: anna });
    expect(actor.getSnapshot().matches("authenticated")).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(anna);
    actor.send({ type: "user.signedOut" });
    expect(actor.getSnapshot().matches("anonymous")).toBe(true);
    actor.send({ type: "user.signedIn", user: anna });
    actor.send({ type: "session.expired" });
    expect(actor.getSnapshot().matches("anonymous")).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it("refreshes on request, which is how a confirmed sign-up becomes signed in", async () => {
    const { actor, fetchUser } = startAuth(anonymous, anna);
    await waitFor(actor, (s) => s.matches("anonymous"));
    actor.send({ type: "user.refresh" });
    await vi.waitFor(() => expect(actor.getSnapshot().matches("authenticated")).toBe(true));
    expect(fetchUser).toHaveBeenCalledTimes(2);
  });
  // Generated at collection time, so that the test's title says how many paths run. The fetches' answers are the
  // events their invoked actors would send: a signed-in user or nobody when one succeeds, an error when it fails.
  const fetchEvents = [...new Set(definedTransitions(authMachine).map((t): string => t.eventType))].flatMap((type): AnyEventObject[] =>
    type.startsWith("xstate.done.actor.") ? [{ type, output: anna }, { type, output: anonymous }] : type.startsWith("xstate.error.actor.") ? [{ type, error: new Error("offline") }] : [],
  );
  const events = [
    { type: "user.signedIn", user: anna },
    { type: "user.signedOut" },
    { type: "user.refresh" },
    { type: "session.expired" },
    ...fetchEvents,
  ] as unknown as AuthEvent[];
  const paths = generatePaths(authMachine, { events });

  it(`walks all ${paths.length} generated paths, through every transition`, () => {
    const reached = reachedStates(paths);
    for (const value of ["loading", "failed", { authenticated: "idle" }, { authenticated: "refreshing" }, { anonymous: "idle" }, { anonymous: "refreshing" }]) {
      expect(reached, JSON.stringify(value)).toContain(JSON.stringify(value));
    }
    const { mismatches, untaken } = walkAll(authMachine, paths);
    expect(mismatches).toEqual([]);
    expect(untaken).toEqual([]);
  });
});
