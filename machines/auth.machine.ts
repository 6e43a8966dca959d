// Who is using the app: loading, then authenticated or anonymous (SPEC.md §4). The user is fetched again every
// 60 seconds (not on mount, reconnect or focus); sign-in, sign-out and a session expiry move it at once.
// Pure: the caller provides `fetchUser` (GET /authn/user).
import { assign, fromPromise, setup } from "xstate";
import type { AuthUser, AuthenticatedUser } from "../contract";

export const USER_REFRESH_MS = 60_000;

export type AuthContext = { user: AuthenticatedUser | null };

export type AuthEvent =
  { type: "user.signedIn"; user: AuthenticatedUser } | { type: "user.signedOut" } | { type: "user.refresh" } | { type: "session.expired" };

/**
 * Idle for the refresh interval, then fetch the user again. A signed-in answer lands in authenticated; an
 * anonymous one goes to `whenAnonymous`; a failed fetch keeps what we know until the next interval.
 */
function refreshCycle(whenAnonymous: "#auth.anonymous" | "idle") {
  return {
    initial: "idle" as const,
    states: {
      idle: { after: { refreshInterval: "refreshing" } },
      refreshing: {
        invoke: {
          src: "fetchUser" as const,
          onDone: [
            {
              guard: { type: "isAuthenticatedAnswer" as const, params: ({ event }: { event: { output: AuthUser } }) => event.output },
              target: "#auth.authenticated.idle",
              actions: { type: "assignUserFromAnswer" as const, params: ({ event }: { event: { output: AuthUser } }) => event.output },
            },
            { target: whenAnonymous, actions: "clearUser" as const },
          ],
          onError: "idle",
        },
      },
    },
  };
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    fetchUser: fromPromise<AuthUser>(() => Promise.reject(new Error("fetchUser must be provided"))),
  },
  delays: {
    refreshInterval: USER_REFRESH_MS,
  },
  guards: {
    isAuthenticatedAnswer: (_, answer: AuthUser) => answer.isAuthenticated,
  },
  actions: {
    assignUserFromAnswer: assign((_, answer: AuthUser) => ({ user: answer.isAuthenticated ? answer : null })),
    assignSignedInUser: assign(({ event }) => ({ user: event.type === "user.signedIn" ? event.user : null })),
    clearUser: assign({ user: null }),
  },
}).createMachine({
  id: "auth",
  initial: "loading",
  context: { user: null },
  states: {
    loading: {
      invoke: {
        src: "fetchUser",
        onDone: [
          {
            guard: { type: "isAuthenticatedAnswer", params: ({ event }) => event.output },
            target: "authenticated",
            actions: { type: "assignUserFromAnswer", params: ({ event }) => event.output },
          },
          { target: "anonymous", actions: "clearUser" },
        ],
        onError: "failed",
      },
      on: {
        "user.signedIn": { target: "authenticated", actions: "assignSignedInUser" },
      },
    },
    authenticated: {
      tags: ["resolved"],
      ...refreshCycle("#auth.anonymous"),
      on: {
        "user.signedIn": { target: ".idle", actions: "assignSignedInUser" },
        "user.refresh": ".refreshing",
        "user.signedOut": { target: "anonymous", actions: "clearUser" },
        "session.expired": { target: "anonymous", actions: "clearUser" },
      },
    },
    anonymous: {
      tags: ["resolved"],
      ...refreshCycle("idle"),
      on: {
        "user.signedIn": { target: "authenticated", actions: "assignSignedInUser" },
        "user.refresh": ".refreshing",
      },
    },
    failed: {
      after: { refreshInterval: "loading" },
      on: {
        "user.refresh": "loading",
        "user.signedIn": { target: "authenticated", actions: "assignSignedInUser" },
      },
    },
  },
});
