// Several server processes share one live feed through Redis (socket.io's Redis adapter): every `io.to(room).emit`
// is published on Redis and each process delivers it to its own sockets in that room. Only broadcasts travel; the
// database stays the one place that decides bids, ends and balances (docs/decisions/007-scale-out.md). On Redis 7 and
// later a room's broadcasts go on a channel of its own (sharded pub/sub), which only processes with a socket in that
// room subscribe to (decision 112).
import { randomBytes } from "node:crypto";
import { createAdapter, createShardedAdapter } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { ConfigError, type RedisPubSub } from "../config";
import type { Queryable } from "../db/database";
import type { RealtimeServer } from "./socket";

export type RedisFeedLink = {
  /** How broadcasts cross Redis: a channel per room (sharded pub/sub) or one channel every process hears. */
  pubSub: RedisPubSub;
  close: () => Promise<void>;
  /** Whether both connections to Redis are up now (readiness). */
  isUp: () => boolean;
};

const CONNECT_TIMEOUT_MS = 5_000;

/** The first Redis with sharded pub/sub (SSUBSCRIBE, SPUBLISH). */
const SHARDED_SINCE_MAJOR = 7;

/**
 * Connects a publisher and a subscriber to `url` and installs the Redis adapter on `io`. Fails (and the server does
 * not start) when Redis cannot be reached. Later outages are survived: each process keeps serving its own sockets,
 * ioredis reconnects and subscribes again, and the next update of an auction carries its whole state again.
 */
export async function attachRedisAdapter(
  io: RealtimeServer,
  options: { url: string; db: Queryable; log: FastifyBaseLogger; pubSub?: RedisPubSub; onRecovered?: () => void },
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

  const version = await redisVersion(publisher);
  const pubSub = options.pubSub ?? (majorOf(version) >= SHARDED_SINCE_MAJOR ? "sharded" : "classic");
  if (pubSub === "sharded" && majorOf(version) < SHARDED_SINCE_MAJOR) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_PUBSUB: sharded pub/sub needs Redis ${SHARDED_SINCE_MAJOR} or later; ${where} runs ${version}`,
    );
  }

  // An update is published and forgotten: a failed publish is logged, never an unhandled rejection, and the sharded
  // adapter, which waits for the publish before it delivers to this process's own sockets, never waits on Redis (a
  // frozen Redis would otherwise hold this process's own watchers too).
  let failedPublishes = 0;
  const forget = <Send extends (channel: string | Buffer, message: string | Buffer) => Promise<unknown>>(send: Send) =>
    ((channel: string | Buffer, message: string | Buffer) => {
      send(channel, message).catch((error: unknown) => {
        if (failedPublishes++ % 1000 === 0) log.warn({ err: error, failedPublishes }, "live update not published on Redis");
      });
      return Promise.resolve(0);
    }) as Send;
  // Sharded: a broadcast to one room goes on that room's channel, which a process subscribes to while it has a socket
  // in the room; a broadcast to several rooms, and the adapter's requests (fetchSockets, disconnectSockets), go on the
  // namespace's channel every process hears. Classic: every broadcast on one channel, filtered on arrival.
  if (pubSub === "sharded") {
    publisher.spublish = forget(publisher.spublish.bind(publisher));
    keepShardedSubscriptions(subscriber, log);
    io.adapter(createShardedAdapter(publisher, subscriber, { channelPrefix: channelKey, subscriptionMode: "dynamic" }));
  } else {
    publisher.publish = forget(publisher.publish.bind(publisher));
    io.adapter(createAdapter(publisher, subscriber, { key: channelKey }));
  }
  log.info({ redis: where, redisVersion: version, pubSub, channel: channelKey }, "live feed shared through Redis");

  return {
    pubSub,
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

/**
 * The sharded adapter subscribes to a room's channel when the room appears here and unsubscribes when it empties, also
 * during an outage of Redis: those commands fail then (logged, never an unhandled rejection), and when the subscriber
 * is back every channel still wanted is subscribed to again, those whose subscribing failed included.
 */
function keepShardedSubscriptions(subscriber: Redis, log: FastifyBaseLogger): void {
  const wanted = new Set<string>();
  const subscribe = subscriber.ssubscribe.bind(subscriber);
  const unsubscribe = subscriber.sunsubscribe.bind(subscriber);
  let failures = 0;
  const logFailure = (error: unknown) => {
    if (failures++ % 1000 === 0) log.warn({ err: error, failures }, "a room's Redis channel not (un)subscribed");
  };
  const names = (channels: (string | Buffer | (string | Buffer)[])[]) => channels.flat().map(String);
  // The adapter calls these with one channel, or an array of them, and reads no answer.
  subscriber.ssubscribe = ((...channels: (string | Buffer | (string | Buffer)[])[]) => {
    const named = names(channels);
    for (const channel of named) wanted.add(channel);
    return subscribe(...named).catch(logFailure);
  }) as typeof subscriber.ssubscribe;
  subscriber.sunsubscribe = ((...channels: (string | Buffer | (string | Buffer)[])[]) => {
    const named = names(channels);
    for (const channel of named) wanted.delete(channel);
    return unsubscribe(...named).catch(logFailure);
  }) as typeof subscriber.sunsubscribe;
  // Connected already: each "ready" from now on is the subscriber back from an outage.
  subscriber.on("ready", () => {
    if (wanted.size > 0) subscribe(...wanted).catch(logFailure);
  });
}

/** The Redis server's version, from INFO's `redis_version` line ("0.0.0" when it does not say). */
async function redisVersion(client: Redis): Promise<string> {
  const info = await client.info("server");
  return /^redis_version:(\S+)/m.exec(info)?.[1] ?? "0.0.0";
}

function majorOf(version: string): number {
  return Number.parseInt(version, 10) || 0;
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
