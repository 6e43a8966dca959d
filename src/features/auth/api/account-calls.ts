// The account calls of the SPA, one function each; answers parsed with the contract.
import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  Language,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
  UpdateProfileBody,
} from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

// The header (language) and the route guard import this module on the first screen: the answers' schemas, and zod,
// load with the first call (decision 014).
const accounts = () => import("../../../../contract/accounts");
const loadAuthUser = () => import("../../../../contract/authn").then((authn) => authn.AuthUser);
const loadAccepted = () => accounts().then((schemas) => schemas.Accepted);
const loadNoContent = () => accounts().then((schemas) => schemas.NoContent);
const loadProfile = () => accounts().then((schemas) => schemas.Profile);

export const signIn = (body: SignInBody) => apiRequest("/authn/sign-in", { method: "POST", body, schema: loadAuthUser });
export const signUp = (body: SignUpBody) => apiRequest("/authn/sign-up", { method: "POST", body, schema: loadAccepted });
export const signOut = () => apiRequest("/authn/sign-out", { method: "POST", body: {}, schema: loadNoContent });
export const confirmEmail = (token: string) =>
  apiRequest("/authn/confirm-email", { method: "POST", body: { token }, schema: loadAuthUser });
export const resendConfirmation = (email: string, language: Language) =>
  apiRequest("/authn/resend-confirmation", { method: "POST", body: { email, language }, schema: loadAccepted });
export const forgotPassword = (body: ForgotPasswordBody) =>
  apiRequest("/authn/forgot-password", { method: "POST", body, schema: loadAccepted });
export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest("/authn/reset-password", { method: "POST", body, schema: loadNoContent });
export const getProfile = () => apiRequest("/api/users/profile", { schema: loadProfile });
export const updateProfile = (body: UpdateProfileBody) => apiRequest("/api/users/profile", { method: "PUT", body, schema: loadProfile });
export const changePassword = (body: ChangePasswordBody) =>
  apiRequest("/api/users/password", { method: "PUT", body, schema: loadNoContent });
export const saveLanguage = (language: Language) =>
  apiRequest("/api/users/language", { method: "PUT", body: { language }, schema: loadNoContent });

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
