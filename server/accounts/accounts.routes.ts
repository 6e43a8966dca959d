// Account routes: thin handlers that parse with the contract, call one rule, map the result to an answer.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  Accepted,
  AuthUser,
  ChangePasswordBody,
  ConfirmEmailBody,
  ForgotPasswordBody,
  NoContent,
  Profile,
  ResendConfirmationBody,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
  UpdateLanguageBody,
  UpdateProfileBody,
  validationKeys,
} from "../../contract";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { Refusal } from "../refusal";
import { errorAnswers, HttpError } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import {
  changePassword,
  confirmEmail,
  emailKey,
  getProfile,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  setLanguage,
  signIn,
  signedInAs,
  signUp,
  updateProfile,
  type AccountsContext,
} from "./accounts.service";
import type { SessionSockets } from "../realtime/socket";
import { DEVICE_COOKIE, DEVICE_COOKIE_SECONDS, type DeviceCookies } from "./device-cookie";
import { endSession, refuseSignedOut, signedInUser, type SessionUser } from "./sessions";

const displayNameTaken = () =>
  new HttpError(409, "VALIDATION_FAILED", "The display name is already taken.", [
    { path: "displayName", message: validationKeys.alreadyTaken },
  ]);

const displayNameReserved = () =>
  new HttpError(400, "VALIDATION_FAILED", "The display name is reserved.", [{ path: "displayName", message: validationKeys.reserved }]);

export function toAuthUser(user: SessionUser | null): AuthUser {
  if (!user) return { isAuthenticated: false };
  const { id, firstName, lastName, displayName, email, role, needsNewDisplayName } = user;
  return { isAuthenticated: true, id, firstName, lastName, displayName, email, isOperator: role === "operator", needsNewDisplayName };
}

export async function accountsRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    mailer: Mailer;
    origin: () => string;
    sockets: SessionSockets;
    devices: DeviceCookies;
    /** Cookies only over HTTPS (production). */
    isSecure: boolean;
    /** The youngest age that may sign up. */
    minAge: number;
  },
): Promise<void> {
  const { db, mailer, sockets, devices } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest): AccountsContext => ({
    db,
    mailer,
    ip: request.ip,
    origin: options.origin(),
    minAge: options.minAge,
  });

  r.get("/authn/user", { schema: { response: { 200: AuthUser, ...errorAnswers } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return toAuthUser(request.user);
  });

  r.post("/authn/sign-up", { schema: { body: SignUpBody, response: { 201: Accepted, ...errorAnswers } } }, async (request, reply) => {
    const { confirmPassword: _confirm, ...input } = request.body;
    const result = await signUp(context(request), input).catch((error: unknown) => {
      if (isUniqueViolation(error, "users_display_name_key_key")) return { kind: "displayNameTaken" } as const;
      if (isUniqueViolation(error, "users_email_key_key")) return { kind: "accepted" } as const;
      throw error;
    });
    if (result.kind === "displayNameTaken") throw displayNameTaken();
    if (result.kind === "displayNameReserved") throw displayNameReserved();
    if (result.kind === "rateLimited") throw new HttpError(429, "RATE_LIMITED", "Too many sign-ups from here.");
    if (result.kind === "underAge") throw new Refusal("UNDER_AGE", { minAge: options.minAge });
    return reply.status(201).send({ ok: true });
  });

  r.post(
    "/authn/resend-confirmation",
    { schema: { body: ResendConfirmationBody, response: { 202: Accepted, ...errorAnswers } } },
    async (request, reply) => {
      await resendConfirmation(context(request), request.body.email);
      return reply.status(202).send({ ok: true });
    },
  );

  r.post(
    "/authn/confirm-email",
    { schema: { body: ConfirmEmailBody, response: { 200: AuthUser, ...errorAnswers } } },
    async (request, reply) => {
      const confirmed = await confirmEmail(db, request.body.token);
      if (!confirmed) throw new HttpError(400, "TOKEN_INVALID", "The link is invalid or has expired.");
      await reply.startSession(confirmed.userId);
      return signedInAs(db, confirmed.userId);
    },
  );

  r.post("/authn/sign-in", { schema: { body: SignInBody, response: { 200: AuthUser, ...errorAnswers } } }, async (request, reply) => {
    const key = emailKey(request.body.email);
    const device = devices.verify(request.cookies[DEVICE_COOKIE], key);
    const result = await signIn(context(request), request.body, device);
    switch (result.kind) {
      case "wrongCredentials":
        throw new HttpError(401, "WRONG_CREDENTIALS", "Wrong email or password!");
      case "rateLimited":
        throw new HttpError(429, "RATE_LIMITED", "Too many failed sign-in attempts. Try again in 15 minutes.");
      case "notConfirmed":
        throw new HttpError(403, "EMAIL_NOT_CONFIRMED", "Confirm your e-mail first: we have sent you a new link.");
      case "signedIn": {
        if (request.sessionIdHash) {
          await endSession(db, request.sessionIdHash);
          sockets.endSession(request.sessionIdHash);
        }
        await reply.startSession(result.userId);
        if (!device) {
          reply.setCookie(DEVICE_COOKIE, devices.issue(key), {
            path: "/authn/sign-in",
            httpOnly: true,
            sameSite: "strict",
            secure: options.isSecure,
            maxAge: DEVICE_COOKIE_SECONDS,
          });
        }
        return signedInAs(db, result.userId);
      }
    }
  });

  r.post("/authn/sign-out", async (request, reply) => {
    if (request.sessionIdHash) {
      await endSession(db, request.sessionIdHash);
      sockets.endSession(request.sessionIdHash);
    }
    reply.clearSession();
    return reply.status(204).send();
  });

  r.post(
    "/authn/forgot-password",
    { schema: { body: ForgotPasswordBody, response: { 202: Accepted, ...errorAnswers } } },
    async (request, reply) => {
      await requestPasswordReset(context(request), request.body);
      return reply.status(202).send({ ok: true });
    },
  );

  r.post(
    "/authn/reset-password",
    { schema: { body: ResetPasswordBody, response: { 204: NoContent, ...errorAnswers } } },
    async (request, reply) => {
      const userId = await resetPassword(db, request.body.token, request.body.password);
      if (!userId) throw new HttpError(400, "TOKEN_INVALID", "The link is invalid or has expired.");
      sockets.endUser(userId);
      reply.clearSession();
      return reply.status(204).send();
    },
  );

  // The signed-in user's own account: one hook answers 401 to everyone else.
  await app.register(async (signedIn) => {
    signedIn.addHook("preHandler", refuseSignedOut);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.get("/api/users/profile", { schema: { response: { 200: Profile, ...errorAnswers } } }, async (request) => {
      const user = signedInUser(request);
      const profile = await getProfile(db, user.id);
      if (!profile) throw new HttpError(401, "UNAUTHENTICATED", "Sign in first.");
      return profile;
    });

    s.put("/api/users/profile", { schema: { body: UpdateProfileBody, response: { 200: Profile, ...errorAnswers } } }, async (request) => {
      const user = signedInUser(request);
      const result = await updateProfile(db, user.id, request.body).catch((error: unknown) => {
        if (isUniqueViolation(error, "users_display_name_key_key")) return { kind: "displayNameTaken" } as const;
        throw error;
      });
      if (result.kind === "displayNameTaken") throw displayNameTaken();
      if (result.kind === "displayNameReserved") throw displayNameReserved();
      return result.profile;
    });

    s.put(
      "/api/users/password",
      { schema: { body: ChangePasswordBody, response: { 204: NoContent, ...errorAnswers } } },
      async (request, reply) => {
        const user = signedInUser(request);
        const result = await changePassword(db, user, request.sessionIdHash, request.body);
        if (result === "rateLimited")
          throw new HttpError(429, "RATE_LIMITED", "Too many wrong passwords. Try again in 15 minutes, or reset your password.");
        if (result === "wrongCurrentPassword") {
          throw new HttpError(400, "WRONG_CURRENT_PASSWORD", "The current password is wrong.", [
            { path: "currentPassword", message: "validation.wrongCurrentPassword" },
          ]);
        }
        sockets.endUser(user.id, request.sessionIdHash);
        return reply.status(204).send();
      },
    );

    s.put(
      "/api/users/language",
      { schema: { body: UpdateLanguageBody, response: { 204: NoContent, ...errorAnswers } } },
      async (request, reply) => {
        const user = signedInUser(request);
        await setLanguage(db, user.id, request.body.language);
        return reply.status(204).send();
      },
    );
  });
}
