// The one socket.io connection of the page (same origin). Features subscribe to what they show.
// socket.io-client is a chunk of its own, loaded on first need: the first paint comes from REST and never waits
// for it.
import { useEffect } from "react";
import type { ServerToClientEvents } from "../../contract";
import { createStore, useStore } from "./create-store";
import type { LiveSocket } from "./live-socket";
import { resetClockSamples, syncClock } from "./server-clock";

export type { LiveSocket };
export type LiveStatus = "connecting" | "connected" | "disconnected";

let socket: LiveSocket | undefined;
let loading: Promise<LiveSocket> | undefined;
const status = createStore<LiveStatus>("connecting");
const setStatus = status.set;

export function isSocketConnected(): boolean {
  return status.get() === "connected";
}

export function isSocketDown(): boolean {
  return status.get() === "disconnected";
}

/** The page's socket, connecting from the first call on. */
export function loadSocket(): Promise<LiveSocket> {
  loading ??= import("socket.io-client").then(({ io }) => {
    // WebSocket first: any server process can hold it, so no sticky sessions. Polling only where a WebSocket cannot
    // open (tryAllTransports; without it the client would retry WebSocket forever); see docs/decisions/007-scale-out.md.
    const live: LiveSocket = io({ transports: ["websocket", "polling"], tryAllTransports: true, withCredentials: true });
    socket = live;
    // Whether this page is in front of the user: while one is, the server sends no Web Push (decision 035).
    const reportVisibility = () => {
      if (live.connected) live.emit("page:visibility", { visible: document.visibilityState === "visible" }, () => undefined);
    };
    live.on("connect", () => {
      setStatus("connected");
      resetClockSamples();
      void syncClock(live);
      reportVisibility();
    });
    document.addEventListener("visibilitychange", reportVisibility);
    live.on("disconnect", (reason) => {
      setStatus("disconnected");
      // The server ends a socket whose session ended (sign-out, password change elsewhere): connect again at once,
      // with whatever session the cookie holds now. Other reasons reconnect by themselves.
      if (reason === "io server disconnect") live.connect();
    });
    live.on("connect_error", () => setStatus("disconnected"));
    // Keep the estimate fresh on long-lived pages.
    setInterval(() => live.connected && void syncClock(live, 3), 5 * 60_000);
    return live;
  });
  // Without the chunk (offline) the page polls REST as when disconnected; a later call tries again.
  loading.catch(() => {
    loading = undefined;
    setStatus("disconnected");
  });
  return loading;
}

/** Runs `use` with the socket once it is there; nothing when it cannot load (the REST fallback takes over). */
export function withSocket(use: (socket: LiveSocket) => void): void {
  loadSocket().then(use, () => undefined);
}

/**
 * On `socket`: `onEvent` for each `event`, and `onConnect` at every connect (a resync: what was read before the socket
 * joined its rooms, or missed while it was down). Returns the detach, for `onSocket`'s attach to hand back.
 */
export function followWithResync(
  socket: LiveSocket,
  event: keyof ServerToClientEvents,
  onEvent: (payload: unknown) => void,
  onConnect: () => void,
): () => void {
  socket.on(event, onEvent);
  socket.on("connect", onConnect);
  return () => {
    socket.off(event, onEvent);
    socket.off("connect", onConnect);
  };
}

/** Listens on the socket once it is there, until the returned stop is called (an effect's cleanup). */
export function onSocket(attach: (socket: LiveSocket) => () => void): () => void {
  let detach: (() => void) | undefined;
  let isStopped = false;
  withSocket((socket) => {
    if (!isStopped) detach = attach(socket);
  });
  return () => {
    isStopped = true;
    detach?.();
  };
}

/** A new handshake, so the socket carries the session the cookie now holds (after sign-in or sign-out). */
export function renewSocketSession(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}

export function useLiveStatus(): LiveStatus {
  // Asking for the status is what opens the socket (or tries again, after its chunk could not load).
  useEffect(() => void loadSocket(), []);
  return useStore(status, (current) => current, "connecting");
}
