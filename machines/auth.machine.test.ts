import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor, type EventObject } from "xstate";
import type { AuthUser, AuthenticatedUser } from "../contract";
import { USER_REFRESH_MS, authMachine, type AuthEvent } from "./auth.machine";
import { generatePaths, isActorDone, isActorError, isDelayIn, walkAgainst, type Oracle } from "../tests/support/machine-paths";

const anna: AuthenticatedUser = {
  isAuthenticated: true,
  id: "5e1f0c2a-8d3b-4c6e-9a7f-0123456789ab",
  firstName: "Anna",
  lastName: "Ozola",
  displayName: "anna",
  email: "a@b.lv",
  isOperator: false,
  needsNewDisplayName: false,
};
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
  const fetchEvents = FETCHES.flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: anna },
    { type: `xstate.done.actor.${id}`, output: anonymous },
    { type: `xstate.error.actor.${id}`, error: new Error("offline") },
  ]);
  const events = [
    { type: "user.signedIn", user: anna },
    { type: "user.signedOut" },
    { type: "user.refresh" },
    { type: "session.expired" },
    ...fetchEvents,
  ] as unknown as AuthEvent[];
  const paths = generatePaths(authMachine, { events });

  it(`walks all ${paths.length} generated paths, each step as SPEC.md's authentication rules say`, () => {
    const { mismatches, unmetRules, reached } = walkAgainst(authMachine, paths, authRules);
    expect(mismatches).toEqual([]);
    expect(unmetRules).toEqual([]);
    expect(reached).toContain(JSON.stringify({ anonymous: "refreshing" }));
  });
});

/** The invoked fetches of GET /authn/user, by the ids XState gives them: one per state that fetches. */
const FETCHES = ["0.auth.loading", "0.auth.authenticated.refreshing", "0.auth.anonymous.refreshing"];

/**
 * SPEC.md §4's authentication by hand, apart from the machine: loading, then authenticated or anonymous; the user
 * is fetched again every 60 seconds (and when asked, as after a confirmed sign-up); signing in, signing out and a
 * session expiry move it at once. A failed first fetch is tried again after the interval; a failed refresh keeps
 * what is known.
 */
type AuthState = "loading" | "failed" | "authenticated.idle" | "authenticated.refreshing" | "anonymous.idle" | "anonymous.refreshing";
const authRules: Oracle<AuthState> = {
  start: "loading",
  value: (state) => {
    const [parent, child] = state.split(".");
    return child ? { [parent!]: child } : parent!;
  },
  next(state, event: EventObject) {
    const to = (next: AuthState, rule: string) => ({ rules: [rule], model: next });
    const [who] = state.split(".");
    const fetching = { loading: "0.auth.loading", "authenticated.refreshing": FETCHES[1], "anonymous.refreshing": FETCHES[2] }[
      state as string
    ];
    if (fetching && isActorDone(event, fetching)) {
      const answer = (event as unknown as { output: AuthUser }).output;
      if (answer.isAuthenticated) return to("authenticated.idle", "fetched: signed in");
      return to("anonymous.idle", state === "loading" ? "fetched first: nobody" : "refreshed: nobody");
    }
    if (fetching && isActorError(event, fetching)) {
      return state === "loading"
        ? to("failed", "first fetch failed")
        : to(`${who as "authenticated" | "anonymous"}.idle`, "refresh failed: keeps what it knows");
    }
    if (event.type === "user.signedIn") return to("authenticated.idle", "signs in");
    if (state === "failed" && (event.type === "user.refresh" || isDelayIn(event, "auth.failed")))
      return to("loading", "failed: tries again");
    if (who === "authenticated" && (event.type === "user.signedOut" || event.type === "session.expired"))
      return to("anonymous.idle", "signs out or expires");
    if ((who === "authenticated" || who === "anonymous") && event.type === "user.refresh")
      return to(`${who}.refreshing`, "refreshes when asked");
    if (state.endsWith(".idle") && isDelayIn(event, `auth.${state}`))
      return to(`${who as "authenticated" | "anonymous"}.refreshing`, "refreshes every 60 s");
    return null;
  },
  rules: [
    "fetched: signed in",
    "fetched first: nobody",
    "refreshed: nobody",
    "first fetch failed",
    "refresh failed: keeps what it knows",
    "signs in",
    "failed: tries again",
    "signs out or expires",
    "refreshes when asked",
    "refreshes every 60 s",
  ],
};
