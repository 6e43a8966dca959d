// GET /authn/user, as the auth machine's `fetchUser` actor. The answer's schema (and zod) loads beside the request:
// the machine's chunk comes in before the first render, and it does not bring the contract with it (decision 014).
import { fromPromise } from "xstate";
import type { AuthUser } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

const authnSchemas = () => import("../../../../contract/authn");

export const fetchUser = fromPromise<AuthUser>(({ signal }) =>
  apiRequest("/authn/user", { schema: async () => (await authnSchemas()).AuthUser, signal }),
);
