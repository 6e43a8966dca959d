// The auth machine of the page, shared through context: components read small slices and only send events.
// The machine and XState are a chunk of their own, fetched as soon as this module runs: the first paint does not
// wait for them, and until the machine runs the user is loading (events sent meanwhile wait for it).
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { AuthEvent } from "../../../machines/auth.machine";
import type { AuthUser } from "../../../contract";
import { useActorSlice, useActorSliceInTransition } from "../../hooks/use-actor-slice";
import { createStore, useStore, type Store } from "../../lib/create-store";
import { useDevRegistration } from "../../lib/dev-machines";
import { renewSocketSession } from "../../lib/socket";
import type { AuthActor } from "./auth-actor";

const authActorChunk = import("./auth-actor");

/**
 * The page's auth actor, held in a store that stays the same from the first render: the context never changes, so
 * the actor's arrival re-renders only what reads a slice that differs (the user is loading before and after it).
 */
type Auth = { held: Store<AuthActor | null>; send: (event: AuthEvent) => void };

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [held] = useState(() => createStore<AuthActor | null>(null));
  useDevRegistration("auth", useStore(held));
  const waitingEvents = useRef<AuthEvent[]>([]);
  useEffect(() => {
    let started: AuthActor | undefined;
    let isUnmounted = false;
    void authActorChunk.then(({ startAuthActor }) => {
      if (isUnmounted) return;
      started = startAuthActor();
      waitingEvents.current.splice(0).forEach((event) => started?.send(event));
      held.set(started);
    });
    return () => {
      isUnmounted = true;
      held.set(null);
      started?.stop();
    };
  }, [held]);

  // The live socket must carry the new session after a sign-in or sign-out; learning who the user is changes nothing.
  const userEmail = useActorSlice(
    held,
    (snapshot) => (snapshot.hasTag("resolved") ? (snapshot.context.user?.email ?? null) : undefined),
    undefined,
  );
  const previousEmail = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userEmail === undefined) return;
    if (previousEmail.current !== undefined && previousEmail.current !== userEmail) renewSocketSession();
    previousEmail.current = userEmail;
  }, [userEmail]);

  const auth = useMemo<Auth>(() => {
    const send = (event: AuthEvent) => {
      const actor = held.get();
      if (actor) actor.send(event);
      else waitingEvents.current.push(event);
    };
    return { held, send };
  }, [held]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth needs <AuthProvider>");
  return auth;
}

/** What a page may do with the auth machine: send it events. */
export function useAuthActor(): Pick<Auth, "send"> {
  const { send } = useAuth();
  return useMemo(() => ({ send }), [send]);
}

const ANONYMOUS: AuthUser = { isAuthenticated: false };

/**
 * The user as the rest of the app needs it: undefined while loading or when it could not be fetched. A change of it
 * renders in a transition (every card's buttons read it; decision 069).
 */
export function useUser(): { data: AuthUser | undefined; isLoading: boolean } {
  const { held } = useAuth();
  const phase = useActorSliceInTransition(
    held,
    (snapshot) =>
      snapshot.matches("authenticated")
        ? "authenticated"
        : snapshot.matches("anonymous")
          ? "anonymous"
          : snapshot.matches("loading")
            ? "loading"
            : "failed",
    "loading",
  );
  const user = useActorSliceInTransition(held, (snapshot) => snapshot.context.user, null);
  if (phase === "authenticated" && user) return { data: user, isLoading: false };
  if (phase === "anonymous") return { data: ANONYMOUS, isLoading: false };
  return { data: undefined, isLoading: phase === "loading" };
}
