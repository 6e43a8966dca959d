// A socket test file's server: started before the file's tests (with the push service's stand-in on loopback when
// asked for), each test's sockets disconnected after it, everything closed at the end. It registers those hooks
// itself, so a file that talks to the server over sockets starts with one line and its bidders come with sockets.
import { afterAll, afterEach, beforeAll } from "vitest";
import { startPushService } from "./push-service";
import { bidderClient } from "./scene";
import { startTestServer, type TestServer } from "./server";
import { openSocket, type LiveClient } from "./socket";

type PushService = Awaited<ReturnType<typeof startPushService>>;

export function liveServer({
  ipPrefix,
  clock,
  withPushService = false,
}: {
  ipPrefix: string;
  clock?: () => Date;
  withPushService?: boolean;
}) {
  let server: TestServer | undefined;
  let pushService: PushService | undefined;
  const sockets: LiveClient[] = [];
  let ip = 0;

  beforeAll(async () => {
    if (withPushService) pushService = await startPushService();
    server = await startTestServer({}, clock ? { clock } : {});
  });
  afterEach(() => {
    sockets.splice(0).forEach((socket) => socket.disconnect());
  });
  afterAll(async () => {
    await server?.close();
    await pushService?.close();
  });

  const started = (): TestServer => {
    if (!server) throw new Error("the server starts in beforeAll: use it inside a test");
    return server;
  };
  /** A socket to the server, signed in as `client` when one is given. */
  const socket = (client?: { cookieHeader: string }) => openSocket(started().url, sockets, client?.cookieHeader);
  /** A number no other call returns, for addresses of the file's own making. */
  const serial = () => ++ip;
  /** An address of its own for the next client (the server limits by address). */
  const nextIp = () => `${ipPrefix}.${serial()}`;

  return {
    get server() {
      return started();
    },
    get pushService(): PushService {
      if (!pushService) throw new Error("liveServer({ withPushService: true }) starts the push service");
      return pushService;
    },
    socket,
    serial,
    nextIp,
    /** A confirmed bidder with `balanceCents` in the wallet (sign-up fields in `profile`), signed in on a socket. */
    async bidder(balanceCents: number, profile: Record<string, unknown> = {}) {
      const bidder = await bidderClient(started(), nextIp(), profile, { balanceCents });
      return { ...bidder, socket: await socket(bidder.client) };
    },
  };
}

export type LiveBidder = Awaited<ReturnType<ReturnType<typeof liveServer>["bidder"]>>;
