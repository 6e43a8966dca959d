// The socket.io server shares the HTTP server (one origin, one port). WebSocket first, polling as fallback.
import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import type { ClientToServerEvents, ServerToClientEvents } from "../../contract";
import { isOwnOrigin } from "../http/security.plugin";

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

export function createRealtimeServer(httpServer: HttpServer, options: { allowedOrigin?: string }): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    transports: ["websocket", "polling"],
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    // Same-origin only: the browser's Origin must be the page's own host.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      const isAllowed = !origin || isOwnOrigin(origin, request.headers.host, options.allowedOrigin);
      callback(isAllowed ? null : "origin not allowed", isAllowed);
    },
  });

  io.on("connection", (socket) => {
    // Clients estimate their clock offset from this (NTP-style); the server clock is the only clock.
    socket.on("clock:sync", (_payload, ack) => {
      if (typeof ack === "function") ack({ data: { serverNow: Date.now() } });
    });
  });

  return io;
}
