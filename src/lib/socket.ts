// The one socket.io connection of the page (same origin). Features subscribe to what they show.
import { useSyncExternalStore } from "react";
import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "../../contract";
import { resetClockSamples, syncClock } from "./server-clock";

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveStatus = "connecting" | "connected" | "disconnected";

let socket: LiveSocket | undefined;
let status: LiveStatus = "connecting";
const listeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  status = next;
  listeners.forEach((listener) => listener());
}

export function isSocketConnected(): boolean {
  return status === "connected";
}

export function getSocket(): LiveSocket {
  if (!socket) {
    const live: LiveSocket = io({ transports: ["websocket", "polling"], withCredentials: true });
    socket = live;
    socket.on("connect", () => {
      setStatus("connected");
      resetClockSamples();
      void syncClock(live);
    });
    socket.on("disconnect", () => setStatus("disconnected"));
    socket.on("connect_error", () => setStatus("disconnected"));
    // Keep the estimate fresh on long-lived pages.
    setInterval(() => live.connected && void syncClock(live, 3), 5 * 60_000);
  }
  return socket;
}

/** A new handshake, so the socket carries the session the cookie now holds (after sign-in or sign-out). */
export function renewSocketSession(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  getSocket();
  return () => listeners.delete(listener);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => "connecting" as const,
  );
}
