// Who is using the app: loading, then authenticated or anonymous (SPEC.md §4). The user is fetched again every
// 60 seconds (not on mount, reconnect or focus); sign-in, sign-out and a session expiry move it at once.
// Pure: the caller provides `fetchUser` (GET /authn/user).
import { assign, fromPromise, setup } from "xstate";
import type { AuthUser, AuthenticatedUser } from "../contract";

export const USER_REFRESH_MS = 60_000;

export type AuthContext = { user: AuthenticatedUser | null };

export type AuthEvent =
  | { type: "user.signedIn"; user: AuthenticatedUser }
  | { type: "user.signedOut" }
  | { type: "user.refresh" }
  | { type: "session.expired" };

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
      initial: "idle",
      states: {
        idle: { after: { refreshInterval: "refreshing" } },
        refreshing: {
          invoke: {
            src: "fetchUser",
            onDone: [
              {
                guard: { type: "isAuthenticatedAnswer", params: ({ event }) => event.output },
                target: "idle",
                actions: { type: "assignUserFromAnswer", params: ({ event }) => event.output },
              },
              { target: "#auth.anonymous", actions: "clearUser" },
            ],
            // A failed refresh keeps what we know and tries again at the next interval.
            onError: "idle",
          },
        },
      },
      on: {
        "user.signedIn": { target: ".idle", actions: "assignSignedInUser" },
        "user.refresh": ".refreshing",
        "user.signedOut": { target: "anonymous", actions: "clearUser" },
        "session.expired": { target: "anonymous", actions: "clearUser" },
      },
    },
    anonymous: {
      tags: ["resolved"],
      initial: "idle",
      states: {
        idle: { after: { refreshInterval: "refreshing" } },
        refreshing: {
          invoke: {
            src: "fetchUser",
            onDone: [
              {
                guard: { type: "isAuthenticatedAnswer", params: ({ event }) => event.output },
                target: "#auth.authenticated",
                actions: { type: "assignUserFromAnswer", params: ({ event }) => event.output },
              },
              { target: "idle" },
            ],
            onError: "idle",
          },
        },
      },
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
