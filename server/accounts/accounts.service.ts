// Account rules, free of HTTP: sign-up, e-mail confirmation, sign-in, password reset and change, profile.
// Answers never reveal whether an e-mail is registered.
import type {
  AuthUser,
  ChangePasswordBody,
  ForgotPasswordBody,
  Language,
  Profile,
  SignInBody,
  SignUpBody,
  UpdateProfileBody,
} from "../../contract";
import type { Database, Queryable } from "../db/database";
import { claimDisplayName } from "./display-names";
import { actionMail, type Mailer } from "../mail/mailer";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords";
import { clearRateLimit, isRateLimited, recordRateLimitEvent, type RateLimit } from "./rate-limit";
import { endOtherSessions, type SessionUser } from "./sessions";
import { hashToken, newSecretToken } from "./tokens";
import { isOldEnough } from "./age";

export const CONFIRM_TOKEN_SECONDS = 24 * 3600;
export const RESET_TOKEN_SECONDS = 30 * 60;
const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 3600;

/**
 * Failed sign-ins are counted four ways (decision 009). A browser without a device cookie for the account is held by
 * the first three: one address guessing one account, everyone guessing one account, one address guessing many
 * accounts. A browser that signed in to the account before is held only by its own failures, so nobody else's
 * failures lock the owner out.
 */
export const limits = {
  signInPerAccountAndIp: (emailKey: string, ip: string): RateLimit => ({
    bucket: `sign-in:account-ip:${emailKey}:${ip}`,
    max: 10,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  signInPerAccount: (emailKey: string): RateLimit => ({ bucket: `sign-in:account:${emailKey}`, max: 50, windowSeconds: FIFTEEN_MINUTES }),
  signInPerIp: (ip: string): RateLimit => ({ bucket: `sign-in:ip:${ip}`, max: 100, windowSeconds: FIFTEEN_MINUTES }),
  signInPerDevice: (emailKey: string, device: string): RateLimit => ({
    bucket: `sign-in:device:${emailKey}:${device}`,
    max: 10,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  /** Wrong current passwords when changing it: the session holder cannot guess it without end. */
  passwordChangePerAccount: (userId: string): RateLimit => ({
    bucket: `password-change:account:${userId}`,
    max: 5,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  signUpPerIp: (ip: string): RateLimit => ({ bucket: `sign-up:ip:${ip}`, max: 10, windowSeconds: HOUR }),
  mailPerAccount: (emailKey: string): RateLimit => ({ bucket: `mail:account:${emailKey}`, max: 5, windowSeconds: HOUR }),
  forgotPerIp: (ip: string): RateLimit => ({ bucket: `forgot:ip:${ip}`, max: 20, windowSeconds: HOUR }),
};

export type AccountsContext = {
  db: Database;
  mailer: Mailer;
  origin: string;
  ip: string;
  /** The youngest age that may sign up. */ minAge: number;
};

export const emailKey = (email: string) => email.trim().toLowerCase();
export { displayNameKey } from "./display-names";

type SignUpInput = Required<Omit<SignUpBody, "confirmPassword">>;

export type SignUpResult =
  { kind: "accepted" } | { kind: "displayNameTaken" } | { kind: "displayNameReserved" } | { kind: "rateLimited" } | { kind: "underAge" };

export async function signUp(ctx: AccountsContext, input: SignUpInput): Promise<SignUpResult> {
  const { db } = ctx;
  if (await isRateLimited(db, limits.signUpPerIp(ctx.ip))) return { kind: "rateLimited" };
  if (!isOldEnough(input.dateOfBirth, ctx.minAge)) return { kind: "underAge" };
  const passwordHash = await hashPassword(input.password);
  const key = emailKey(input.email);

  return db.transaction(async (tx) => {
    await recordRateLimitEvent(tx, limits.signUpPerIp(ctx.ip).bucket);
    // A taken display name is refused whoever asks, the owner's own e-mail included: answering otherwise would tell
    // a stranger which e-mail address stands behind a public display name.
    const name = await claimDisplayName(tx, input.displayName, null);
    if (name.kind === "reserved") return { kind: "displayNameReserved" } as const;
    if (name.kind === "taken") return { kind: "displayNameTaken" } as const;

    const [existing] = await tx.query<{ id: string; first_name: string; language: Language; confirmed: boolean }>(
      "select id, first_name, language, email_confirmed_at is not null as confirmed from users where email_key = $1",
      [key],
    );
    if (existing) {
      // The same answer as a new account; the owner learns of the attempt by mail instead.
      if (!(await isRateLimited(tx, limits.mailPerAccount(key)))) {
        await recordRateLimitEvent(tx, limits.mailPerAccount(key).bucket);
        if (existing.confirmed) {
          await ctx.mailer.send(
            tx,
            actionMail({
              to: input.email,
              language: existing.language,
              kind: "alreadyRegistered",
              name: existing.first_name,
              link: `${ctx.origin}/sign-in`,
            }),
          );
        } else {
          await sendConfirmation(ctx, tx, {
            id: existing.id,
            email: input.email,
            firstName: existing.first_name,
            language: existing.language,
          });
        }
      }
      return { kind: "accepted" } as const;
    }

    const [user] = await tx.query<{ id: string }>(
      `insert into users (email, email_key, password_hash, first_name, last_name, display_name, display_name_key,
                          display_name_skeleton, is_marketing_consent_given, language, date_of_birth)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
      [
        input.email.trim(),
        key,
        passwordHash,
        input.firstName,
        input.lastName,
        input.displayName,
        name.key,
        name.skeleton,
        input.isMarketingConsentGiven,
        input.language,
        input.dateOfBirth,
      ],
    );
    if (!user) throw new Error("user insert returned nothing");
    await recordRateLimitEvent(tx, limits.mailPerAccount(key).bucket);
    await sendConfirmation(ctx, tx, { id: user.id, email: input.email, firstName: input.firstName, language: input.language });
    return { kind: "accepted" } as const;
  });
}

async function issueToken(tx: Queryable, userId: string, purpose: "confirm_email" | "reset_password", seconds: number) {
  const token = newSecretToken();
  await tx.query(
    `insert into account_tokens (token_hash, user_id, purpose, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hashToken(token), userId, purpose, seconds],
  );
  return token;
}

async function sendConfirmation(
  ctx: AccountsContext,
  tx: Queryable,
  user: { id: string; email: string; firstName: string; language: Language },
) {
  const token = await issueToken(tx, user.id, "confirm_email", CONFIRM_TOKEN_SECONDS);
  await ctx.mailer.send(
    tx,
    actionMail({
      to: user.email,
      language: user.language,
      kind: "confirmEmail",
      name: user.firstName,
      link: `${ctx.origin}/confirm-email?token=${token}`,
    }),
  );
}

/** Uses a token once: marks it used and returns its user, or null when unknown, used, expired or of another kind. */
async function useToken(tx: Queryable, token: string, purpose: "confirm_email" | "reset_password"): Promise<string | null> {
  const [row] = await tx.query<{ user_id: string }>(
    `update account_tokens set used_at = now()
     where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
     returning user_id`,
    [hashToken(token), purpose],
  );
  return row?.user_id ?? null;
}

export async function confirmEmail(db: Database, token: string): Promise<{ userId: string } | null> {
  return db.transaction(async (tx) => {
    const userId = await useToken(tx, token, "confirm_email");
    if (!userId) return null;
    await tx.query("update users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1", [userId]);
    return { userId };
  });
}

export async function resendConfirmation(ctx: AccountsContext, email: string): Promise<void> {
  const key = emailKey(email);
  await ctx.db.transaction(async (tx) => {
    if (await isRateLimited(tx, limits.mailPerAccount(key))) return;
    const [user] = await tx.query<{ id: string; email: string; first_name: string; language: Language }>(
      "select id, email, first_name, language from users where email_key = $1 and email_confirmed_at is null",
      [key],
    );
    if (!user) return;
    await recordRateLimitEvent(tx, limits.mailPerAccount(key).bucket);
    await sendConfirmation(ctx, tx, { id: user.id, email: user.email, firstName: user.first_name, language: user.language });
  });
}

export type SignInResult =
  { kind: "signedIn"; userId: string } | { kind: "wrongCredentials" } | { kind: "notConfirmed" } | { kind: "rateLimited" };

/** `device`: the id of a device cookie this server issued for this account, when the browser sent one. */
export async function signIn(ctx: AccountsContext, input: SignInBody, device: string | null): Promise<SignInResult> {
  const { db } = ctx;
  const key = emailKey(input.email);
  const pair = limits.signInPerAccountAndIp(key, ctx.ip);
  const counted = device ? [limits.signInPerDevice(key, device)] : [pair, limits.signInPerAccount(key), limits.signInPerIp(ctx.ip)];
  for (const limit of counted) if (await isRateLimited(db, limit)) return { kind: "rateLimited" };

  const [user] = await db.query<{ id: string; password_hash: string; confirmed: boolean }>(
    "select id, password_hash, email_confirmed_at is not null as confirmed from users where email_key = $1",
    [key],
  );
  const isMatch = await verifyPassword(input.password, user?.password_hash ?? decoyPasswordHash());
  if (!user || !isMatch) {
    for (const limit of counted) await recordRateLimitEvent(db, limit.bucket);
    return { kind: "wrongCredentials" };
  }
  // Whoever knows the password is no longer guessing from here; the account's and the address's counts stand.
  await clearRateLimit(db, device ? counted[0]!.bucket : pair.bucket);
  if (!user.confirmed) {
    await resendConfirmation(ctx, input.email);
    return { kind: "notConfirmed" };
  }
  return { kind: "signedIn", userId: user.id };
}

export async function requestPasswordReset(ctx: AccountsContext, input: Required<ForgotPasswordBody>): Promise<void> {
  const key = emailKey(input.email);
  await ctx.db.transaction(async (tx) => {
    if (await isRateLimited(tx, limits.forgotPerIp(ctx.ip))) return;
    await recordRateLimitEvent(tx, limits.forgotPerIp(ctx.ip).bucket);
    if (await isRateLimited(tx, limits.mailPerAccount(key))) return;
    const [user] = await tx.query<{ id: string; email: string; first_name: string; language: Language }>(
      "select id, email, first_name, language from users where email_key = $1",
      [key],
    );
    if (!user) return;
    await recordRateLimitEvent(tx, limits.mailPerAccount(key).bucket);
    const token = await issueToken(tx, user.id, "reset_password", RESET_TOKEN_SECONDS);
    await ctx.mailer.send(
      tx,
      actionMail({
        to: user.email,
        language: user.language,
        kind: "resetPassword",
        name: user.first_name,
        link: `${ctx.origin}/reset-password?token=${token}`,
      }),
    );
  });
}

/** Sets a new password from a reset token; ends every session of the account. Returns whose it was, or null. */
export async function resetPassword(db: Database, token: string, password: string): Promise<string | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await useToken(tx, token, "reset_password");
    if (!userId) return null;
    // Following the mailed link proves the address too.
    await tx.query(
      "update users set password_hash = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1",
      [userId, passwordHash],
    );
    await tx.query("update account_tokens set used_at = now() where user_id = $1 and purpose = 'reset_password' and used_at is null", [
      userId,
    ]);
    await endOtherSessions(tx, userId, null);
    return userId;
  });
}

/** Changes the password when the current one is right; other sessions end, this one stays. */
export async function changePassword(
  db: Database,
  user: SessionUser,
  sessionIdHash: string | null,
  input: Pick<ChangePasswordBody, "currentPassword" | "newPassword">,
): Promise<"changed" | "wrongCurrentPassword" | "rateLimited"> {
  const limit = limits.passwordChangePerAccount(user.id);
  if (await isRateLimited(db, limit)) return "rateLimited";
  const [row] = await db.query<{ password_hash: string }>("select password_hash from users where id = $1", [user.id]);
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) {
    await recordRateLimitEvent(db, limit.bucket);
    return "wrongCurrentPassword";
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.query("update users set password_hash = $2, updated_at = now() where id = $1", [user.id, passwordHash]);
    await endOtherSessions(tx, user.id, sessionIdHash);
  });
  return "changed";
}

type ProfileRow = {
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  phone: string;
  delivery_address: string;
  is_marketing_consent_given: boolean;
  language: Language;
  date_of_birth: string | null;
};

const toProfile = (row: ProfileRow): Profile => ({
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  displayName: row.display_name,
  phone: row.phone,
  deliveryAddress: row.delivery_address,
  isMarketingConsentGiven: row.is_marketing_consent_given,
  language: row.language,
  dateOfBirth: row.date_of_birth,
});

/** The /authn/user answer for a user who has just been given a session. */
export async function signedInAs(db: Queryable, userId: string): Promise<AuthUser> {
  const [user] = await db.query<{
    first_name: string;
    last_name: string;
    display_name: string;
    display_name_needs_change: boolean;
    email: string;
    role: SessionUser["role"];
  }>("select first_name, last_name, display_name, display_name_needs_change, email, role from users where id = $1", [userId]);
  if (!user) throw new Error("signed-in user vanished");
  const { first_name: firstName, last_name: lastName, display_name: displayName, email, role } = user;
  return {
    isAuthenticated: true,
    id: userId,
    firstName,
    lastName,
    displayName,
    email,
    isOperator: role === "operator",
    needsNewDisplayName: user.display_name_needs_change,
  };
}

const PROFILE_COLUMNS =
  "email, first_name, last_name, display_name, phone, delivery_address, is_marketing_consent_given, language, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth";

export async function getProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const [row] = await db.query<ProfileRow>(`select ${PROFILE_COLUMNS} from users where id = $1`, [userId]);
  return row ? toProfile(row) : null;
}

export async function updateProfile(
  db: Database,
  userId: string,
  input: Required<UpdateProfileBody>,
): Promise<{ kind: "updated"; profile: Profile } | { kind: "displayNameTaken" } | { kind: "displayNameReserved" }> {
  return db.transaction(async (tx) => {
    // The name is judged as if new, the user's own unchanged one too: a name from before today's rules that they
    // refuse (reserved, or like an older account's) is kept only until its owner saves the profile.
    const name = await claimDisplayName(tx, input.displayName, userId);
    if (name.kind === "reserved") return { kind: "displayNameReserved" } as const;
    if (name.kind === "taken") return { kind: "displayNameTaken" } as const;
    const [row] = await tx.query<ProfileRow>(
      `update users set first_name = $2, last_name = $3, display_name = $4, display_name_key = $5, display_name_skeleton = $6,
              display_name_needs_change = false, phone = $7, delivery_address = $8, is_marketing_consent_given = $9, updated_at = now()
       where id = $1 returning ${PROFILE_COLUMNS}`,
      [
        userId,
        input.firstName,
        input.lastName,
        input.displayName,
        name.key,
        name.skeleton,
        input.phone,
        input.deliveryAddress,
        input.isMarketingConsentGiven,
      ],
    );
    if (!row) throw new Error("profile update matched no user");
    return { kind: "updated", profile: toProfile(row) } as const;
  });
}

export async function setLanguage(db: Queryable, userId: string, language: Language): Promise<void> {
  await db.query("update users set language = $2, updated_at = now() where id = $1", [userId, language]);
}
