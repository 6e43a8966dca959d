// Server-side sessions behind an httpOnly, SameSite=Lax cookie holding a random 256-bit id.
// Idle timeout 7 days (sliding), absolute timeout 30 days; a new id at every sign-in.
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { REALITY_CHECK_BREAK_MINUTES } from "../../contract";
import type { AppConfig } from "../config";
import type { Database, Queryable } from "../db/database";
import { HttpError } from "../http/errors";
import { hashToken, newSecretToken } from "./tokens";

export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
const TOUCH_EVERY_SECONDS = 300;

export type SessionUser = {
  id: string;
  /** When this session ends at the latest unless it is used again (then it is read again: the idle end slides). */
  expiresAt: Date;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  /** The name was stored before today's rules, which refuse it: its owner is asked to choose another (issue 51). */
  needsNewDisplayName: boolean;
  role: "bidder" | "operator";
  language: "en" | "lv" | "ru";
};

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionIdHash: string | null;
  }
}

/**
 * A command that carried its session into its own statement found the session ended (signed out, reset, expired):
 * nothing was done. Revocation then holds on every process without waiting for a message between them (issue 51).
 */
export class SessionEnded extends Error {}

export function sessionCookieName(config: AppConfig): string {
  return config.isProduction ? "__Host-pennybid_session" : "pennybid_session";
}

type SessionRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  display_name_needs_change: boolean;
  role: SessionUser["role"];
  language: SessionUser["language"];
  needs_touch: boolean;
  expires_at: Date;
};

export async function loadSession(db: Queryable, idHash: string): Promise<SessionUser | null> {
  const [row] = await db.query<SessionRow>(
    `select u.id, u.email, u.first_name, u.last_name, u.display_name, u.display_name_needs_change, u.role, u.language,
            s.last_seen_at < now() - make_interval(secs => $3) as needs_touch,
            least(s.expires_at, s.last_seen_at + make_interval(secs => $2)) as expires_at
     from sessions s join users u on u.id = s.user_id
     where s.id_hash = $1 and s.expires_at > now()
       and s.last_seen_at > now() - make_interval(secs => $2)`,
    [idHash, SESSION_IDLE_SECONDS, TOUCH_EVERY_SECONDS],
  );
  if (!row) return null;
  // A session back after a break (decision 095) starts a new stretch of play: its reality checks count from now.
  if (row.needs_touch)
    await db.query(
      `update sessions set last_seen_at = now(),
         play_started_at = case when last_seen_at <= now() - make_interval(mins => $2) then now() else play_started_at end,
         reality_checked_at = case when last_seen_at <= now() - make_interval(mins => $2) then null else reality_checked_at end
       where id_hash = $1`,
      [idHash, REALITY_CHECK_BREAK_MINUTES],
    );
  return {
    id: row.id,
    expiresAt: row.expires_at,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    needsNewDisplayName: row.display_name_needs_change,
    role: row.role,
    language: row.language,
  };
}

/** Starts a session for the user; returns the id for the cookie (only its hash is stored). */
export async function createSession(db: Queryable, userId: string): Promise<string> {
  const id = newSecretToken();
  await db.query(`insert into sessions (id_hash, user_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))`, [
    hashToken(id),
    userId,
    SESSION_ABSOLUTE_SECONDS,
  ]);
  return id;
}

export async function endSession(db: Queryable, idHash: string): Promise<void> {
  await db.query("delete from sessions where id_hash = $1", [idHash]);
}

/** Ends every session of the user but, optionally, the one in use. */
export async function endOtherSessions(db: Queryable, userId: string, keepIdHash: string | null): Promise<void> {
  await db.query("delete from sessions where user_id = $1 and id_hash is distinct from $2", [userId, keepIdHash]);
}

async function sessions(app: FastifyInstance, options: { config: AppConfig; db: Database }): Promise<void> {
  const name = sessionCookieName(options.config);
  await app.register(cookie);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionIdHash", null);

  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config.readsSession === false) return;
    const id = request.cookies[name];
    if (!id || id.length > 64) return;
    const idHash = hashToken(id);
    const user = await loadSession(options.db, idHash);
    if (user) {
      request.user = user;
      request.sessionIdHash = idHash;
    }
  });

  app.decorateReply("startSession", async function (this: FastifyReply, userId: string) {
    const id = await createSession(options.db, userId);
    this.setCookie(name, id, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: options.config.isProduction,
      maxAge: SESSION_ABSOLUTE_SECONDS,
    });
  });
  app.decorateReply("clearSession", function (this: FastifyReply) {
    this.clearCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure: options.config.isProduction });
  });
}

declare module "fastify" {
  interface FastifyReply {
    startSession(userId: string): Promise<void>;
    clearSession(): void;
  }
  interface FastifyContextConfig {
    /** false: the route has no use for a session, so a cookie costs it no read (the health check, which must answer
     * while the database does not). */
    readsSession?: boolean;
  }
}

export const sessionsPlugin = fp(sessions, { name: "sessions" });

/** For routes that need a signed-in user: the user, or a 401 (never a redirect). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, "UNAUTHENTICATED", "Sign in first.");
  return request.user;
}

/**
 * The one hook of a route group for signed-in users (`group.addHook("preHandler", refuseSignedOut)`): a 401 for
 * anyone without a session, so the group's handlers read `signedInUser(request)`.
 */
export async function refuseSignedOut(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/** The user of a route behind `refuseSignedOut`, which has already answered 401 to everyone else. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error("a signed-in route is missing the refuseSignedOut hook");
  return request.user;
}

/** For operator-only routes: the operator, a 401 when signed out, a 403 for anyone else. */
export function requireOperator(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== "operator") throw new HttpError(403, "FORBIDDEN", "Operators only.");
  return user;
}
