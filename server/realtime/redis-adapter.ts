// Several server processes share one live feed through Redis (socket.io's Redis adapter): every `io.to(room).emit`
// is published on Redis and each process delivers it to its own sockets in that room. Only broadcasts travel; the
// database stays the one place that decides bids, ends and balances (docs/decisions/007-scale-out.md).
import { randomBytes } from "node:crypto";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { ConfigError } from "../config";
import type { Queryable } from "../db/database";
import type { RealtimeServer } from "./socket";

export type RedisFeedLink = {
  close: () => Promise<void>;
  /** Whether both connections to Redis are up now (readiness). */
  isUp: () => boolean;
};

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connects a publisher and a subscriber to `url` and installs the Redis adapter on `io`. Fails (and the server does
 * not start) when Redis cannot be reached. Later outages are survived: each process keeps serving its own sockets,
 * ioredis reconnects and subscribes again, and the next update of an auction carries its whole state again.
 */
export async function attachRedisAdapter(
  io: RealtimeServer,
  options: { url: string; db: Queryable; log: FastifyBaseLogger; onRecovered?: () => void },
): Promise<RedisFeedLink> {
  const { url, log } = options;
  const where = describe(url);
  const channelKey = await feedChannelKey(options.db);
  const common = { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 2 };
  // No offline queue for the publisher: an update is worth sending now or never (a later one carries the whole state).
  const publisher = new Redis(url, { ...common, enableOfflineQueue: false, connectionName: "pennybid-pub" });
  const subscriber = new Redis(url, { ...common, connectionName: "pennybid-sub" });
  let startError: Error | undefined;
  const quietStart = (error: Error) => (startError = error);
  publisher.on("error", quietStart);
  subscriber.on("error", quietStart);
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    const reason = startError?.message ?? (error instanceof Error ? error.message : String(error));
    throw new ConfigError(`Invalid configuration:\n  REDIS_URL: cannot reach Redis at ${where} (${reason})`);
  }
  publisher.off("error", quietStart);
  subscriber.off("error", quietStart);
  // Messages sent while the subscriber was away are lost for good (sign-outs among them): the caller makes up for them.
  watchHealth(publisher, "publisher", where, log);
  watchHealth(subscriber, "subscriber", where, log, options.onRecovered);

  // The adapter publishes without awaiting; a failed publish must be logged, never an unhandled rejection.
  const publish = publisher.publish.bind(publisher);
  let failedPublishes = 0;
  publisher.publish = ((channel: string | Buffer, message: string | Buffer) =>
    publish(channel, message).catch((error: unknown) => {
      if (failedPublishes++ % 1000 === 0) log.warn({ err: error, failedPublishes }, "live update not published on Redis");
      return 0;
    })) as typeof publisher.publish;

  io.adapter(createAdapter(publisher, subscriber, { key: channelKey }));
  log.info({ redis: where, channel: channelKey }, "live feed shared through Redis");

  return {
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
    isUp: () => publisher.status === "ready" && subscriber.status === "ready",
  };
}

/**
 * The Redis channel prefix of this installation: a random id kept in the database. Processes on one database share
 * it (whatever URL each uses to reach it); other installations on the same Redis (staging, tests) never hear it.
 */
export async function feedChannelKey(db: Queryable): Promise<string> {
  await db.query("insert into app_meta (key, value) values ('feed_channel', to_jsonb($1::text)) on conflict (key) do nothing", [
    `pennybid:${randomBytes(6).toString("hex")}`,
  ]);
  const [row] = await db.query<{ value: unknown }>("select value from app_meta where key = 'feed_channel'");
  if (typeof row?.value !== "string") throw new Error("app_meta.feed_channel is missing");
  return row.value;
}

/**
 * Logs the first error of an outage and the recovery, not every reconnection attempt. A connection that drops and
 * comes straight back may never say "error" (only "close"): messages can be lost all the same, so that is an outage too.
 */
function watchHealth(client: Redis, role: string, where: string, log: FastifyBaseLogger, onRecovered?: () => void): void {
  let isDown = false;
  const lost = (error?: Error) => {
    if (isDown) return;
    isDown = true;
    log.error(
      { ...(error ? { err: error } : {}), redis: where, role },
      "Redis connection lost; live updates reach only this process's sockets",
    );
  };
  client.on("error", (error: Error) => lost(error));
  client.on("close", () => lost());
  client.on("ready", () => {
    if (!isDown) return;
    isDown = false;
    log.info({ redis: where, role }, "Redis connection back");
    onRecovered?.();
  });
}

/** host:port/db of the URL, never its password. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "(unparsable REDIS_URL)";
  }
}
