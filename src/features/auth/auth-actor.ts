// The auth machine with its fetch, started for one AuthProvider. A chunk of its own: XState comes with it.
import { createActor, type ActorRefFrom } from "xstate";
import { authMachine } from "../../../machines/auth.machine";
import { fetchUser } from "./api/get-user";

const appAuthMachine = authMachine.provide({ actors: { fetchUser } });
export type AuthActor = ActorRefFrom<typeof appAuthMachine>;

export function startAuthActor(): AuthActor {
  return createActor(appAuthMachine).start();
}
