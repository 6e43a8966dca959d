// GET /authn/user: who is signed in. Anonymous visitors get `isAuthenticated: false` and nothing else.
import { z } from "./zod";

export const AnonymousUser = z.object({ isAuthenticated: z.literal(false) });

export const AuthenticatedUser = z.object({
  isAuthenticated: z.literal(true),
  /** The user's own id, as auctions name their leader and winner (`leaderId`, `winnerId`) and the bid chain its bidders. */
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** Has the operator role (the operator API and the dev panel's server actions); an answer without it is a bidder. */
  isOperator: z.boolean().default(false),
  /** The display name was taken before today's rules, which refuse it (a look-alike, reserved or unseen characters). */
  needsNewDisplayName: z.boolean().default(false),
});

export const AuthUser = z.discriminatedUnion("isAuthenticated", [AnonymousUser, AuthenticatedUser]);
export type AuthUser = z.infer<typeof AuthUser>;
export type AuthenticatedUser = z.infer<typeof AuthenticatedUser>;
