// The socket.io transport: the server shares the HTTP server (one origin, one port), WebSocket first, polling as
// fallback. A socket carries the session of its cookie and joins its user's and session's rooms; every command spends
// from a budget first (decision 078) and is acked `{ data }` or `{ error }`. The commands themselves are registered by
// their domain (server/auctions/auction.handlers.ts), and the sessions are the accounts' (`SocketSessions`): the
// transport knows no domain (decision 105).
import type { Server as HttpServer } from "node:http";
import fastifyCookie from "@fastify/cookie";
import { Server, type Socket } from "socket.io";
import type { z } from "zod";
import type { FastifyBaseLogger } from "fastify";
import {
  auctionErrorMessages,
  commandPayloads,
  type ApiErrorBody,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "../../contract";
import { DatabaseUnavailable } from "../db/errors";
import { databaseUnavailableBody, errorBody, refusalBody } from "../http/errors";
import { isOwnOrigin } from "../http/security.plugin";
import { Refusal } from "../refusal";
import { bidAckWindowSeconds, secondsSince, socketCommandSeconds } from "../metrics/metrics";
import { createCommandBudget, FOLLOWED_ROOMS_MAX, type BudgetSettings, type CommandBudget } from "./command-budget";
import { rooms } from "./rooms";

/** What the transport knows of a socket's user: who, whether an operator, and until when the session holds unread. */
export type SocketUser = { id: string; role: string; expiresAt: Date };

/** The sessions behind the sockets' cookies, as the accounts keep them (server/accounts/socket-sessions.ts). */
export type SocketSessions = {
  /** The cookie that carries a session's id. */
  cookieName: string;
  /** The session whose id a cookie carries, with the id's hash (which names its room); null when none holds. */
  load(id: string): Promise<{ user: SocketUser; idHash: string } | null>;
  /** The session again, by its id's hash: null once it has ended. */
  reload(idHash: string): Promise<SocketUser | null>;
  /** Whether a command failed because it found its session ended in its own statement (a bid checks it there). */
  isEnded(error: unknown): boolean;
};

/** `roomsAtConnect`: how many rooms a socket is in before it asks to follow any (its own id's, its user's, …). */
type SocketData = { user: SocketUser | null; sessionIdHash: string | null; roomsAtConnect: number };
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export type RealtimeOptions = {
  allowedOrigin?: string;
  isProduction?: boolean;
  sessions: SocketSessions;
  /** How many commands a socket's owner may send; the product's numbers (command-budget.ts) unless a test needs others. */
  commandBudget?: BudgetSettings;
  /** Whether the process is draining (no new sockets), and its commands in flight (see `SocketTraffic`). */
  traffic?: SocketTraffic;
};

/**
 * A draining process takes no new socket, and waits for the commands it was given to be answered before it lets its
 * sockets go (decision 087).
 */
export class SocketTraffic {
  isDraining = false;
  private inFlight = 0;
  private readonly idleWaiters: (() => void)[] = [];

  get commandsInFlight(): number {
    return this.inFlight;
  }

  started(): void {
    this.inFlight += 1;
  }

  answered(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  /** Resolves once no command is in flight, or after `maxMs` whatever is. */
  async idle(maxMs: number): Promise<void> {
    if (this.inFlight === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs))),
    ]);
    clearTimeout(timer);
  }
}

export function createRealtimeServer(httpServer: HttpServer, options: RealtimeOptions): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    transports: ["websocket", "polling"],
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    // Same-origin only: the browser's Origin must be the page's own host.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      const isAllowed =
        !origin ||
        isOwnOrigin(origin, request.headers.host, { publicOrigin: options.allowedOrigin, isProduction: options.isProduction ?? false });
      callback(isAllowed ? null : "origin not allowed", isAllowed);
    },
  });

  const traffic = options.traffic ?? new SocketTraffic();
  io.use(async (socket, next) => {
    // A draining process sends a new connection elsewhere: the client tries again, behind the proxy another process.
    if (traffic.isDraining) return next(new Error("SERVER_DRAINING"));
    const id = fastifyCookie.parse(socket.handshake.headers.cookie ?? "")[options.sessions.cookieName];
    const session = id ? await options.sessions.load(id).catch(() => null) : null;
    socket.data.user = session?.user ?? null;
    socket.data.sessionIdHash = session?.idHash ?? null;
    next();
  });

  const budget = createCommandBudget(options.commandBudget);
  io.on("connection", (socket: LiveSocket) => {
    const { user, sessionIdHash } = socket.data;
    // An operator's socket also hears what the back office follows; a role change ends the user's sockets, so the
    // room always matches the role.
    const ownRooms =
      user && sessionIdHash
        ? [rooms.user(user.id), rooms.session(sessionIdHash), ...(user.role === "operator" ? [rooms.operators] : [])]
        : [];
    if (ownRooms.length > 0) void socket.join(ownRooms);
    // These and its own id's room: every other room it is in, it asked to follow.
    socket.data.roomsAtConnect = ownRooms.length + 1;
    timeEveryCommand(socket, traffic);
    spendBudgetOnEveryCommand(socket, budget);
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
  // This process's sockets are ended here and now; the others hear it through the adapter (Redis), which acts only when
  // its message comes back, and not at all while Redis is away: their sockets are then ended when it is back.
  const end = (room: string, except?: string) => {
    for (const target of [io.local, io]) {
      try {
        (except ? target.in(room).except(except) : target.in(room)).disconnectSockets(true);
      } catch (error) {
        // The session is gone from the database whatever happens here: the socket's next command re-reads it.
        log.error({ err: error }, "ending a session's sockets failed");
      }
    }
  };
  return {
    endSession: (sessionIdHash) => end(rooms.session(sessionIdHash)),
    endUser: (userId, keep) => end(rooms.user(userId), keep ? rooms.session(keep) : undefined),
  };
}

/**
 * Every command's ack is timed and counted by the command's name and its answer's code ("ok", or the error's), whoever
 * answers it (the budget's refusal included), and is in flight until then. An event without an ack is not counted.
 */
function timeEveryCommand(socket: LiveSocket, traffic: SocketTraffic): void {
  // The commands not answered yet: a socket that goes (or is ended by its budget) leaves none in flight.
  const unanswered = new Set<() => void>();
  socket.on("disconnect", () => unanswered.forEach((settle) => settle()));
  socket.use((event, next) => {
    const ack = event.at(-1);
    const command = String(event[0]);
    // An event no handler knows is never answered: neither timed nor in flight.
    if (typeof ack === "function" && KNOWN_COMMANDS.has(command)) {
      const startedAt = performance.now();
      traffic.started();
      const settle = () => {
        if (!unanswered.delete(settle)) return false;
        traffic.answered();
        return true;
      };
      unanswered.add(settle);
      event[event.length - 1] = (answer: { data?: unknown; error?: { code?: string } }) => {
        if (settle()) {
          const seconds = secondsSince(startedAt);
          socketCommandSeconds.observe({ command, code: answer.error?.code ?? "ok" }, seconds);
          if (command === "bid:place") bidAckWindowSeconds.observe(seconds);
        }
        (ack as (answer: unknown) => void)(answer);
      };
    }
    next();
  });
}

/** The metrics name only the commands the contract knows: a client cannot grow the label set with made-up names. */
const KNOWN_COMMANDS = new Set<string>([...Object.keys(commandPayloads), "clock:sync"]);

/**
 * Before any handler hears a command, it spends one from the budget: a signed-in user's sockets share their user's
 * (so sessions and tabs do not multiply it), an anonymous socket has its own. Over budget the command is refused in
 * its ack; a socket that goes on regardless loses its connection, as on a network failure, so a client reconnects after
 * its backoff (the page reconnects at once only when told it was disconnected, and would find the budget spent).
 */
function spendBudgetOnEveryCommand(socket: LiveSocket, budget: CommandBudget): void {
  const key = socket.data.user ? `user:${socket.data.user.id}` : `socket:${socket.id}`;
  if (!socket.data.user) socket.on("disconnect", () => budget.forget(key));
  socket.use((event, next) => {
    void budget.spend(key).then((verdict) => {
      if (verdict.kind === "run") return next();
      if (verdict.kind === "disconnect") return socket.conn.close();
      const ack = event.at(-1);
      if (typeof ack !== "function") return;
      const body = errorBody("COMMANDS_TOO_FAST", "Too many commands at once: wait a moment and try again.", undefined, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
      (ack as (answer: ApiErrorBody) => void)(body);
    });
  });
}

/**
 * Joins a room the client asked to follow (an auction, a status list). A socket follows FOLLOWED_ROOMS_MAX rooms at
 * most: the next is refused until it leaves one. Checked and joined in one turn, so commands in flight cannot pass it.
 */
export async function followRoom(socket: LiveSocket, room: string): Promise<void> {
  const followed = socket.rooms.size - socket.data.roomsAtConnect;
  if (!socket.rooms.has(room) && followed >= FOLLOWED_ROOMS_MAX) throw new TooManyRooms();
  await socket.join(room);
}

class TooManyRooms extends Error {}

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
      // An outage: the client hears that nothing was done and that it may try again shortly, as REST answers 503.
      if (error instanceof DatabaseUnavailable) return reply(databaseUnavailableBody());
      if (error instanceof TooManyRooms) {
        return reply(
          errorBody(
            "TOO_MANY_SUBSCRIPTIONS",
            `A connection follows at most ${FOLLOWED_ROOMS_MAX} auctions and lists: leave one first.`,
            undefined,
            { limit: FOLLOWED_ROOMS_MAX },
          ),
        );
      }
      log.error({ err: error, payload }, "a socket command failed");
      reply(
        failure === "BID_FAILED"
          ? errorBody("BID_FAILED", auctionErrorMessages.BID_FAILED)
          : errorBody("INTERNAL", "Something went wrong."),
      );
    }
  };
}

class NotSignedIn extends Error {}

/** Refuses the command as signed out and ends the socket, after the refusal's ack has gone out (within this turn). */
function endSignedOut(socket: LiveSocket): never {
  setImmediate(() => socket.disconnect(true));
  throw new NotSignedIn();
}

/**
 * The socket's user while its session lasts. The session is read again past the time it was due to end, and with
 * `isReread` always: a sign-out on another process reaches this one as a message, which a Redis outage can lose.
 */
export async function signedInUserId(socket: LiveSocket, sessions: SocketSessions, { isReread = false } = {}): Promise<string> {
  const { user, sessionIdHash } = socket.data;
  if (!user || !sessionIdHash) throw new NotSignedIn();
  if (isReread || Date.now() >= user.expiresAt.getTime()) {
    const current = await sessions.reload(sessionIdHash);
    if (!current) endSignedOut(socket);
    socket.data.user = current;
  }
  return user.id;
}

/**
 * Runs a signed-in command with the socket's user and session. A command that checks the session in its own statement
 * (a bid) and finds it ended is refused as signed out, and the socket ends, as a sign-out's message would have done.
 */
export async function asSignedIn<T>(
  socket: LiveSocket,
  sessions: SocketSessions,
  run: (session: { userId: string; sessionIdHash: string }) => Promise<T>,
  options: { isReread?: boolean } = {},
): Promise<T> {
  const userId = await signedInUserId(socket, sessions, options);
  try {
    return await run({ userId, sessionIdHash: socket.data.sessionIdHash ?? "" });
  } catch (error) {
    if (sessions.isEnded(error)) endSignedOut(socket);
    throw error;
  }
}
