// The socket.io transport: the server shares the HTTP server (one origin, one port), WebSocket first, polling as
// fallback. A socket carries the session of its cookie and joins its user's and session's rooms; commands are acked
// `{ data }` or `{ error }`. The commands themselves are registered by their domain (server/auctions/auction.handlers.ts).
import type { Server as HttpServer } from "node:http";
import fastifyCookie from "@fastify/cookie";
import { Server, type Socket } from "socket.io";
import type { z } from "zod";
import type { FastifyBaseLogger } from "fastify";
import { auctionErrorMessages, type ApiErrorBody, type ClientToServerEvents, type ServerToClientEvents } from "../../contract";
import { loadSession, type SessionUser } from "../accounts/sessions";
import { hashToken } from "../accounts/tokens";
import type { Database } from "../db/database";
import { errorBody, refusalBody } from "../http/errors";
import { isOwnOrigin } from "../http/security.plugin";
import { Refusal } from "../refusal";
import { rooms } from "./rooms";

type SocketData = { user: SessionUser | null; sessionIdHash: string | null };
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export type RealtimeOptions = { allowedOrigin?: string; isProduction?: boolean; db: Database; sessionCookie: string };

export function createRealtimeServer(httpServer: HttpServer, options: RealtimeOptions): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    transports: ["websocket", "polling"],
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    // Same-origin only: the browser's Origin must be the page's own host.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      const isAllowed = !origin || isOwnOrigin(origin, request.headers.host, { publicOrigin: options.allowedOrigin, isProduction: options.isProduction ?? false });
      callback(isAllowed ? null : "origin not allowed", isAllowed);
    },
  });

  io.use(async (socket, next) => {
    const id = fastifyCookie.parse(socket.handshake.headers.cookie ?? "")[options.sessionCookie];
    const idHash = id && id.length <= 64 ? hashToken(id) : null;
    socket.data.user = idHash ? await loadSession(options.db, idHash).catch(() => null) : null;
    socket.data.sessionIdHash = socket.data.user ? idHash : null;
    next();
  });

  io.on("connection", (socket: LiveSocket) => {
    const { user, sessionIdHash } = socket.data;
    // An operator's socket also hears what the back office follows; a role change ends the user's sockets, so the
    // room always matches the role.
    if (user && sessionIdHash) void socket.join([rooms.user(user.id), rooms.session(sessionIdHash), ...(user.role === "operator" ? [rooms.operators] : [])]);
    // Clients estimate their clock offset from this (NTP-style); the server clock is the only clock.
    socket.on("clock:sync", (_payload, ack) => {
      if (typeof ack === "function") ack({ data: { serverNow: Date.now() } });
    });
  });

  return io;
}

/**
 * A signed-in socket lives no longer than its session: sign-out, a password change or reset and a role change end
 * that session's (or user's) sockets at once, on every process (the Redis adapter carries the call). The page
 * connects again and carries whatever session its cookie then holds.
 */
export type SessionSockets = {
  /** Ends the sockets of one session. */
  endSession(sessionIdHash: string): void;
  /** Ends every socket of the user but those of the session kept (the one that changed the password). */
  endUser(userId: string, keepSessionIdHash?: string | null): void;
};

export function sessionSockets(io: RealtimeServer, log: Pick<FastifyBaseLogger, "error">): SessionSockets {
  const end = (target: { disconnectSockets(close?: boolean): void }) => {
    try {
      target.disconnectSockets(true);
    } catch (error) {
      // The session is gone from the database whatever happens here: the socket's next command re-reads it.
      log.error({ err: error }, "ending a session's sockets failed");
    }
  };
  return {
    endSession: (sessionIdHash) => end(io.in(rooms.session(sessionIdHash))),
    endUser: (userId, keep) => end(keep ? io.in(rooms.user(userId)).except(rooms.session(keep)) : io.in(rooms.user(userId))),
  };
}

/** Validates a command's payload, runs it and acks `{ data }` or `{ error }`; never throws into socket.io. */
export type AnswerCommand = <S extends z.ZodType, T>(
  ack: unknown,
  schema: S,
  payload: unknown,
  run: (input: z.infer<S>) => Promise<T>,
  failure?: "BID_FAILED" | "INTERNAL",
) => Promise<void>;

export function commandAnswerer(log: Pick<FastifyBaseLogger, "error">): AnswerCommand {
  return async (ack, schema, payload, run, failure = "INTERNAL") => {
    if (typeof ack !== "function") return;
    const reply = ack as (answer: { data: unknown } | ApiErrorBody) => void;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return reply(errorBody("VALIDATION_FAILED", "The request is not valid."));
    try {
      reply({ data: await run(parsed.data) });
    } catch (error) {
      if (error instanceof Refusal) return reply(refusalBody(error));
      if (error instanceof NotSignedIn) return reply(errorBody("UNAUTHENTICATED", "Sign in first."));
      log.error({ err: error, payload }, "a socket command failed");
      reply(failure === "BID_FAILED" ? errorBody("BID_FAILED", auctionErrorMessages.BID_FAILED) : errorBody("INTERNAL", "Something went wrong."));
    }
  };
}

class NotSignedIn extends Error {}

/** The socket's user while its session lasts; past the time it was due to end, the session is read again. */
export async function signedInUserId(socket: LiveSocket, db: Database): Promise<string> {
  const { user, sessionIdHash } = socket.data;
  if (!user || !sessionIdHash) throw new NotSignedIn();
  if (Date.now() >= user.expiresAt.getTime()) {
    const current = await loadSession(db, sessionIdHash);
    if (!current) {
      // After the refusal's ack has gone out (acks are sent within this turn of the event loop).
      setImmediate(() => socket.disconnect(true));
      throw new NotSignedIn();
    }
    socket.data.user = current;
  }
  return user.id;
}
