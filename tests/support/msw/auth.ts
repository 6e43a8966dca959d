// Who the page's user is (GET /authn/user), and signing in.
import { HttpResponse, http } from "msw";
import { signedInUser } from "../spa-fixtures";

export const signedOut = () => http.get("/authn/user", () => HttpResponse.json({ isAuthenticated: false }));

export const signedIn = (user: object = signedInUser) => http.get("/authn/user", () => HttpResponse.json(user));

/** POST /authn/sign-in, answered by `answer` (a refusal, or the user signed in). */
export const signIn = (answer: () => Response) => http.post("/authn/sign-in", answer);

/** GET /authn/user never answered: the page is still finding out who its user is. */
export const stillAsking = () => http.get("/authn/user", () => new Promise<Response>(() => undefined));

/** GET /authn/user answered with something that is not a user (the page cannot know who it is). */
export const garbled = () => http.get("/authn/user", () => HttpResponse.json({ nonsense: true }));

/** GET /authn/user held until the test answers it: `asked()` once the page has asked, `answer(user)` then. */
export function heldUser() {
  let answer: ((user: object) => void) | undefined;
  const handler = http.get("/authn/user", () => new Promise<Response>((resolve) => (answer = (user) => resolve(HttpResponse.json(user)))));
  return { handler, asked: () => answer !== undefined, answer: (user: object) => answer?.(user) };
}

/** GET /authn/user: whoever `answer` gives at each read, so a test may change the user between reads. */
export const current = (answer: () => object) => http.get("/authn/user", () => HttpResponse.json(answer()));
