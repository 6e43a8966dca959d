// The one stand-in for src/lib/socket.ts in component tests (decision 098). A test file replaces the module whole:
//
//   vi.mock("../../../lib/socket", () => import("../../../../tests/support/fake-socket"));
//
// By default the page's socket listens and takes no commands: `onSocket` hands the component a socket whose handlers
// `serverSends` fires as a broadcast would, and commands go over REST as they do while the socket is down (loading it
// fails, so no feed is awaited). `socketTakesCommands` connects it, answering each command's ack as the test says.
// The setup file (tests/setup/components.ts) resets it after each test.
import { vi } from "vitest";
import type { LiveSocket, LiveStatus } from "../../src/lib/socket";

type Handler = (payload?: unknown) => void;
/** A command's ack, from its payload; `undefined` leaves it unanswered. */
type Answer = (payload: unknown) => unknown;

const handlers = new Map<string, Set<Handler>>();
const answers = new Map<string, Answer>();
let isConnected = false;

/** Every command the page sent over the socket, in order. */
export const sentCommands: { event: string; payload: unknown }[] = [];

function send(event: string, payload: unknown): unknown {
  sentCommands.push({ event, payload });
  return answers.get(event)?.(payload);
}

const socket = {
  get connected() {
    return isConnected;
  },
  on: (event: string, handler: Handler) => handlers.set(event, (handlers.get(event) ?? new Set()).add(handler)),
  off: (event: string, handler: Handler) => handlers.get(event)?.delete(handler),
  emit: (event: string, payload: unknown, ack?: (answer: unknown) => void) => {
    const answer = send(event, payload);
    if (answer !== undefined) ack?.(answer);
  },
  timeout: () => ({ emitWithAck: async (event: string, payload: unknown) => send(event, payload) }),
} as unknown as LiveSocket;

/** The server sends `event` to the page. */
export function serverSends(event: string, payload?: unknown): void {
  handlers.get(event)?.forEach((handler) => handler(payload));
}

/** How many of the page's handlers listen for `event` now. */
export function listenersOf(event: string): number {
  return handlers.get(event)?.size ?? 0;
}

/** The socket is up and answers the commands named here (`bid:place`, `auction:enrol`…) with the ack returned. */
export function socketTakesCommands(answersByEvent: Record<string, Answer> = {}): void {
  isConnected = true;
  answers.clear();
  for (const [event, answer] of Object.entries(answersByEvent)) answers.set(event, answer);
}

/** Back to listening only, nothing heard or sent (after each test). */
export function resetFakeSocket(): void {
  isConnected = false;
  answers.clear();
  sentCommands.length = 0;
  liveStatus = "connected";
  renewSocketSession.mockClear();
}

let liveStatus: LiveStatus = "connected";
/** What the page's live-status indicator reads (connected unless the test says otherwise). */
export function liveStatusIs(status: LiveStatus): void {
  liveStatus = status;
}

// src/lib/socket's exports, as the page calls them.
export const isSocketConnected = () => isConnected;
export const isSocketDown = () => false;
export const loadSocket = (): Promise<LiveSocket> =>
  isConnected ? Promise.resolve(socket) : Promise.reject(new Error("the fake socket is not connected"));
export const withSocket = (withIt: (socket: LiveSocket) => void): void => {
  if (isConnected) withIt(socket);
};
export function onSocket(attach: (socket: LiveSocket) => () => void): () => void {
  return attach(socket);
}
export function followWithResync(on: LiveSocket, event: string, onEvent: Handler, onConnect: () => void): () => void {
  const live = on as unknown as { on: (event: string, handler: Handler) => void; off: (event: string, handler: Handler) => void };
  live.on(event, onEvent);
  live.on("connect", onConnect);
  return () => {
    live.off(event, onEvent);
    live.off("connect", onConnect);
  };
}
export const renewSocketSession = vi.fn();
export const useLiveStatus = (): LiveStatus => liveStatus;
