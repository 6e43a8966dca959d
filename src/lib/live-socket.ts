// The type of the page's socket, in a file of its own: the clock syncs over the socket and the socket starts the
// clock, so neither module has to import the other for it.
import type { Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "../../contract";

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
