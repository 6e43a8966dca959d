// The one socket.io connection of the page (same origin). Features subscribe to what they show.
import { useSyncExternalStore } from "react";
import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "../../contract";

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveStatus = "connecting" | "connected" | "disconnected";

let socket: LiveSocket | undefined;
let status: LiveStatus = "connecting";
const listeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  status = next;
  listeners.forEach((listener) => listener());
}

export function getSocket(): LiveSocket {
  if (!socket) {
    socket = io({ transports: ["websocket", "polling"], withCredentials: true });
    socket.on("connect", () => setStatus("connected"));
    socket.on("disconnect", () => setStatus("disconnected"));
    socket.on("connect_error", () => setStatus("disconnected"));
  }
  return socket;
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
