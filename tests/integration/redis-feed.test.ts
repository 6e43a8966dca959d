// The live feed across Redis between two socket.io servers in this process (decision 112): with sharded pub/sub a
// room's broadcasts travel on a channel only processes with a socket in that room subscribe to, and a room first
// joined while Redis was away is heard once Redis is back. Needs REDIS_URL (.ci/run sets it).
import { randomUUID } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { pino } from "pino";
import { Server } from "socket.io";
import { io as connectClient, type Socket as ClientSocket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import type { RedisPubSub } from "../../server/config";
import { attachRedisAdapter, type RedisFeedLink } from "../../server/realtime/redis-adapter";
import type { RealtimeServer } from "../../server/realtime/socket";
import { openTestDatabase, type TestDatabase } from "../support/database";
import { DatabaseRelay } from "../support/database-relay";

const redisUrl = process.env.REDIS_URL?.trim();

type Process = { io: Server; http: HttpServer; url: string; link: RedisFeedLink; logs: string[] };

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A socket.io server on loopback sharing its feed through `url`; a client's "join" puts its socket in that room. */
async function startProcess(database: TestDatabase, url: string, pubSub?: RedisPubSub): Promise<Process> {
  const http = createServer();
  const io = new Server(http);
  io.on("connection", (socket) =>
    socket.on("join", (room: string, done: () => void) => {
      void socket.join(room);
      done();
    }),
  );
  const logs: string[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void logs.push(line) });
  const link = await attachRedisAdapter(io as unknown as RealtimeServer, {
    url,
    db: database.db,
    log,
    ...(pubSub ? { pubSub } : {}),
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    await io.close();
    await link.close();
  });
  return { io, http, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, link, logs };
}

async function joinedClient(process: Process, room: string): Promise<{ socket: ClientSocket; heard: unknown[] }> {
  const socket = connectClient(process.url, { transports: ["websocket"], reconnection: false });
  cleanups.push(() => void socket.disconnect());
  const heard: unknown[] = [];
  socket.on("news", (value: unknown) => heard.push(value));
  await socket.timeout(5000).emitWithAck("join", room);
  return { socket, heard };
}

describe.skipIf(!redisUrl)(redisUrl ? "the live feed across Redis" : "the live feed across Redis: skipped, REDIS_URL not set", () => {
  let database: TestDatabase;

  it("on Redis 7 goes sharded: a room's channel is subscribed by the processes with a socket in it, and carries its broadcasts", async () => {
    database = await openTestDatabase();
    cleanups.push(() => database.drop());
    const [a, b] = [await startProcess(database, redisUrl!), await startProcess(database, redisUrl!)];
    expect([a.link.pubSub, b.link.pubSub]).toEqual(["sharded", "sharded"]);
    const [room, emptyRoom] = [uniqueRoom(), uniqueRoom()];
    const onB = await joinedClient(b, room);
    const redis = new Redis(redisUrl!);
    cleanups.push(() => void redis.disconnect());
    // The room's channel has one subscriber (B); a room no socket is in has no channel.
    await expect.poll(() => subscribersOf(redis, room)).toEqual([1]);
    expect(await subscribersOf(redis, emptyRoom)).toEqual([]);

    a.io.to(room).emit("news", "from A");
    a.io.to(emptyRoom).emit("news", "to no one");
    await expect.poll(() => onB.heard).toEqual(["from A"]);
  });

  it("classic pub/sub when asked: every broadcast on one channel, still delivered across", async () => {
    database = await openTestDatabase();
    cleanups.push(() => database.drop());
    const [a, b] = [await startProcess(database, redisUrl!, "classic"), await startProcess(database, redisUrl!, "classic")];
    expect([a.link.pubSub, b.link.pubSub]).toEqual(["classic", "classic"]);
    const room = uniqueRoom();
    const onB = await joinedClient(b, room);
    a.io.to(room).emit("news", "from A");
    await expect.poll(() => onB.heard).toEqual(["from A"]);
  });

  it("hears a room first joined while Redis was away once Redis is back, and the failed subscription crashed nothing", async () => {
    database = await openTestDatabase();
    cleanups.push(() => database.drop());
    const relay = await DatabaseRelay.start(redisUrl!);
    cleanups.push(() => relay.close());
    const a = await startProcess(database, redisUrl!);
    const b = await startProcess(database, relay.url);
    await relay.stop();
    await expect.poll(() => b.link.isUp()).toBe(false);
    // B's socket joins a room B has never had: subscribing to its channel fails while Redis is away (ioredis gives up
    // on a queued command after two reconnection attempts).
    const room = uniqueRoom();
    const onB = await joinedClient(b, room);
    await expect.poll(() => b.logs.some((line) => line.includes("not (un)subscribed")), { timeout: 10_000 }).toBe(true);
    await relay.restart();
    await expect.poll(() => b.link.isUp(), { timeout: 10_000 }).toBe(true);
    // Each try is a new broadcast from A: the first that B's subscription is in time for arrives.
    await expect
      .poll(
        () => {
          a.io.to(room).emit("news", "from A");
          return onB.heard.length > 0;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  });
});

/** A room name no other test (on the same Redis) uses. */
const uniqueRoom = () => `room:${randomUUID()}`;

/** How many subscribers each sharded channel of `room` has now, whatever the installation's prefix. */
async function subscribersOf(redis: Redis, room: string): Promise<number[]> {
  const channels = (await redis.call("pubsub", "shardchannels", `*#/#${room}#`)) as string[];
  if (channels.length === 0) return [];
  const counts = (await redis.call("pubsub", "shardnumsub", ...channels)) as (string | number)[];
  return counts.filter((_value, index) => index % 2 === 1).map(Number);
}
