// Who the page's user is (GET /authn/user), and signing in.
import { HttpResponse, http } from "msw";
import { signedInUser } from "../spa-fixtures";

export const signedOut = () => http.get("/authn/user", () => HttpResponse.json({ isAuthenticated: false }));

export const signedIn = (user: object = signedInUser) => http.get("/authn/user", () => HttpResponse.json(user));
