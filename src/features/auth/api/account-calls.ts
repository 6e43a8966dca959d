// The account calls of the SPA, one function each; answers parsed with the contract.
import { z } from "zod";
import {
  AuthUser,
  Profile,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type Language,
  type ResetPasswordBody,
  type SignInBody,
  type SignUpBody,
  type UpdateProfileBody,
} from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

const Ok = z.object({ ok: z.literal(true) });
const NoContent = z.undefined();

export const signIn = (body: SignInBody) => apiRequest("/authn/sign-in", { method: "POST", body, schema: AuthUser });
export const signUp = (body: SignUpBody) => apiRequest("/authn/sign-up", { method: "POST", body, schema: Ok });
export const signOut = () => apiRequest("/authn/sign-out", { method: "POST", body: {}, schema: NoContent });
export const confirmEmail = (token: string) =>
  apiRequest("/authn/confirm-email", { method: "POST", body: { token }, schema: AuthUser });
export const resendConfirmation = (email: string, language: Language) =>
  apiRequest("/authn/resend-confirmation", { method: "POST", body: { email, language }, schema: Ok });
export const forgotPassword = (body: ForgotPasswordBody) =>
  apiRequest("/authn/forgot-password", { method: "POST", body, schema: Ok });
export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest("/authn/reset-password", { method: "POST", body, schema: NoContent });
export const getProfile = () => apiRequest("/api/users/profile", { schema: Profile });
export const updateProfile = (body: UpdateProfileBody) =>
  apiRequest("/api/users/profile", { method: "PUT", body, schema: Profile });
export const changePassword = (body: ChangePasswordBody) =>
  apiRequest("/api/users/password", { method: "PUT", body, schema: NoContent });
export const saveLanguage = (language: Language) =>
  apiRequest("/api/users/language", { method: "PUT", body: { language }, schema: NoContent });

/**
 * Only a path of this origin is followed after sign-in, judged as the browser will read it: its URL parser drops tabs
 * and newlines and reads `\` as `/`, so `/\t/evil.example` is `//evil.example`, another host. Returns the path as
 * parsed, or null.
 */
export function safeReturnUrl(value: string | null): string | null {
  if (!value || !value.startsWith("/")) return null;
  const origin = window.location.origin;
  if (!URL.canParse(value, origin)) return null;
  const url = new URL(value, origin);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that starts with two slashes would itself name a host wherever it is used as a URL.
  return url.origin === origin && !path.startsWith("//") ? path : null;
}
