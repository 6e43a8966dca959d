// GET /authn/user, as the auth machine's `fetchUser` actor.
import { fromPromise } from "xstate";
import { AuthUser } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const fetchUser = fromPromise<AuthUser>(({ signal }) => apiRequest("/authn/user", { schema: AuthUser, signal }));
