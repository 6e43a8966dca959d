// The auth machine of the page, shared through context: components read small slices and only send events.
import { useActorRef, useSelector } from "@xstate/react";
import { createContext, useContext, useEffect, useRef, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import { authMachine } from "../../../machines/auth.machine";
import type { AuthUser } from "../../../contract";
import { renewSocketSession } from "../../lib/socket";
import { fetchUser } from "./api/get-user";

const appAuthMachine = authMachine.provide({ actors: { fetchUser } });
export type AuthActor = ActorRefFrom<typeof appAuthMachine>;

const AuthContext = createContext<AuthActor | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(appAuthMachine);
  // The live socket must carry the new session after a sign-in or sign-out.
  const userEmail = useSelector(actor, (snapshot) => snapshot.context.user?.email ?? null);
  const previousEmail = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (previousEmail.current !== undefined && previousEmail.current !== userEmail) renewSocketSession();
    previousEmail.current = userEmail;
  }, [userEmail]);
  return <AuthContext.Provider value={actor}>{children}</AuthContext.Provider>;
}

export function useAuthActor(): AuthActor {
  const actor = useContext(AuthContext);
  if (!actor) throw new Error("useAuthActor needs <AuthProvider>");
  return actor;
}

const ANONYMOUS: AuthUser = { isAuthenticated: false };

/** The user as the rest of the app needs it: undefined while loading or when it could not be fetched. */
export function useUser(): { data: AuthUser | undefined; isLoading: boolean } {
  const actor = useAuthActor();
  const phase = useSelector(actor, (snapshot) =>
    snapshot.matches("authenticated") ? "authenticated" : snapshot.matches("anonymous") ? "anonymous" : snapshot.matches("loading") ? "loading" : "failed",
  );
  const user = useSelector(actor, (snapshot) => snapshot.context.user);
  if (phase === "authenticated" && user) return { data: user, isLoading: false };
  if (phase === "anonymous") return { data: ANONYMOUS, isLoading: false };
  return { data: undefined, isLoading: phase === "loading" };
}
