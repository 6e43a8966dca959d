// The sessions behind the sockets (decision 105): the transport (server/realtime) reads a socket's session through
// these, so it knows nothing of how the accounts keep them.
import type { AppConfig } from "../config";
import type { Database, Queryable } from "../db/database";
import type { RealtimeServer, SocketSessions } from "../realtime/socket";
import { loadSession, SESSION_IDLE_SECONDS, SessionEnded, sessionCookieName } from "./sessions";
import { hashToken } from "./tokens";

export function socketSessions(db: Database, config: AppConfig): SocketSessions {
  return {
    cookieName: sessionCookieName(config),
    async load(id) {
      // A session id is 43 characters: anything much longer is not one, and is not hashed.
      if (id.length > 64) return null;
      const idHash = hashToken(id);
      const user = await loadSession(db, idHash);
      return user ? { user, idHash } : null;
    },
    reload: (idHash) => loadSession(db, idHash),
    isEnded: (error) => error instanceof SessionEnded,
  };
}

/**
 * Ends this process's sockets whose sessions have ended, in one query: what a sign-out's message would have done, for
 * the messages an outage of Redis lost. Run when Redis is back.
 */
export async function endSocketsOfEndedSessions(io: RealtimeServer, db: Queryable): Promise<number> {
  const signedIn = [...io.of("/").sockets.values()].filter((socket) => socket.data.sessionIdHash);
  if (signedIn.length === 0) return 0;
  const hashes = [...new Set(signedIn.map((socket) => socket.data.sessionIdHash!))];
  const alive = await db.query<{ id_hash: string }>(
    `select id_hash from sessions
     where id_hash = any($1::text[]) and expires_at > now() and last_seen_at > now() - make_interval(secs => $2)`,
    [hashes, SESSION_IDLE_SECONDS],
  );
  const isAlive = new Set(alive.map((row) => row.id_hash));
  const ended = signedIn.filter((socket) => !isAlive.has(socket.data.sessionIdHash!));
  for (const socket of ended) socket.disconnect(true);
  return ended.length;
}
