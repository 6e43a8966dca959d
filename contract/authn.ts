// GET /authn/user: who is signed in. Anonymous visitors get `isAuthenticated: false` and nothing else.
import { z } from "zod";

export const AnonymousUser = z.object({ isAuthenticated: z.literal(false) });

export const AuthenticatedUser = z.object({
  isAuthenticated: z.literal(true),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  email: z.string(),
});

export const AuthUser = z.discriminatedUnion("isAuthenticated", [AnonymousUser, AuthenticatedUser]);
export type AuthUser = z.infer<typeof AuthUser>;
export type AuthenticatedUser = z.infer<typeof AuthenticatedUser>;
