// The page's socket as a component test plays the server: `onSocket` (mocked in for src/lib/socket's) hands the
// component a socket that records its handlers, and `serverSends` fires them as a broadcast would.
//
//   vi.mock(import("../../../lib/socket"), async (original) => ({
//     ...(await original()),
//     onSocket: (await import("../../../../tests/support/fake-socket")).onSocket,
//   }));
import type { LiveSocket } from "../../src/lib/socket";

type Handler = (payload?: unknown) => void;
const handlers = new Map<string, Set<Handler>>();

const socket = {
  on: (event: string, handler: Handler) => handlers.set(event, (handlers.get(event) ?? new Set()).add(handler)),
  off: (event: string, handler: Handler) => handlers.get(event)?.delete(handler),
} as unknown as LiveSocket;

export function onSocket(attach: (socket: LiveSocket) => () => void): () => void {
  return attach(socket);
}

/** The server sends `event` to the page. */
export function serverSends(event: string, payload?: unknown): void {
  handlers.get(event)?.forEach((handler) => handler(payload));
}
