// The app's socket.io feed as a test's browser would open it: WebSocket, a new connection, the client's cookie.
import { io as connect, type Socket } from "socket.io-client";
import { AuctionCardState, AuctionState, type ClientToServerEvents, type ServerToClientEvents } from "../../contract";

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

/** Where a state was heard: an auction's room (`auction:updated`, the whole state) or a status list's (`auctions:updated`, cards). */
export type HeardIn = "auction" | "list";

/**
 * Calls `listener` with every auction state the socket hears, from an auction's room (`auction:updated`) or a status
 * list's (`auctions:updated`, several at once, as cards show them: decision 056), as the app's live layer does; returns
 * the way to stop.
 */
export function onStates(socket: LiveClient, listener: (state: AuctionCardState, heardIn: HeardIn) => void): () => void {
  const one = (state: AuctionState) => listener(state, "auction");
  const many = (states: AuctionCardState[]) => states.forEach((state) => listener(state, "list"));
  socket.on("auction:updated", one);
  socket.on("auctions:updated", many);
  return () => {
    socket.off("auction:updated", one);
    socket.off("auctions:updated", many);
  };
}

/** The first auction state the socket hears (from an auction's room or a status list's) that passes `predicate`, parsed. */
export const nextState = (socket: LiveClient, predicate: (state: AuctionCardState) => boolean = () => true) =>
  new Promise<AuctionCardState>((resolve) => {
    const stop = onStates(socket, (raw) => {
      const state = AuctionCardState.parse(raw);
      if (!predicate(state)) return;
      stop();
      resolve(state);
    });
  });

/** The first whole state the socket hears in an auction's room (`auction:updated`) that passes `predicate`, parsed. */
export const nextAuctionState = (socket: LiveClient, predicate: (state: AuctionState) => boolean = () => true) =>
  new Promise<AuctionState>((resolve) => {
    const hear = (raw: AuctionState) => {
      const state = AuctionState.parse(raw);
      if (!predicate(state)) return;
      socket.off("auction:updated", hear);
      resolve(state);
    };
    socket.on("auction:updated", hear);
  });
