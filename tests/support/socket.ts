// The app's socket.io feed as a test's browser would open it: WebSocket, a new connection, the client's cookie.
import { io as connect, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "../../contract";

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A connected socket carrying `cookie` (a signed-in client's session, or none). It does not reconnect by itself, so
 * a socket the server ends stays ended. Each one goes into `opened`, for the test's cleanup to disconnect.
 */
export async function openSocket(url: string, opened: LiveClient[], cookie = ""): Promise<LiveClient> {
  const socket: LiveClient = connect(url, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    extraHeaders: cookie ? { Cookie: cookie } : {},
  });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });
  return socket;
}
