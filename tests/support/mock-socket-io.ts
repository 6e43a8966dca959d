// A socket.io server without a server, for tests of the SPA's live layer: mock-socket's WebSocket server speaking
// just enough of the engine.io v4 / socket.io v5 wire (open, namespace connect, events, acks) for the real
// socket.io-client to connect, emit commands with acks, hear broadcasts, lose the connection and reconnect.
//
// The client must be socket.io-client's browser build on mock-socket's WebSocket (its Node build opens sockets with
// the `ws` package): see `useMockSocketIo` below.
import { Server, WebSocket as MockWebSocket, type Client } from "mock-socket";
import type { io } from "socket.io-client";

/** Where `io()` connects from a happy-dom page at http://localhost:3000/ (the query is ignored by mock-socket). */
export const SOCKET_IO_URL = "ws://localhost:3000/socket.io/";

/** A command's answer (its ack), or `undefined` to leave it unanswered. */
type Answer = (payload: unknown) => unknown;

export type Command = { event: string; payload: unknown };

export class MockSocketIoServer {
  readonly commands: Command[] = [];
  private server: Server | null = null;
  private readonly answers = new Map<string, Answer>();
  private readonly clients = new Set<Client>();

  constructor() {
    this.answerWith("clock:sync", () => ({ data: { serverNow: Date.now() } }));
  }

  /** Accepts connections (again) at the socket.io address. */
  start(): this {
    this.server = new Server(SOCKET_IO_URL);
    this.server.on("connection", (client) => this.accept(client));
    return this;
  }

  /** The server goes away: every connection drops and new ones are refused until `start()`. */
  stop(): void {
    this.server?.close();
    this.server = null;
    this.clients.clear();
  }

  /** The connections drop (a network blip), the server stays: clients reconnect by themselves. */
  dropConnections(): void {
    for (const client of this.clients) client.close();
    this.clients.clear();
  }

  answerWith(event: string, answer: Answer): void {
    this.answers.set(event, answer);
  }

  /** An event to every connected client, as the server's broadcasts are. */
  broadcast(event: string, payload: unknown): void {
    for (const client of this.clients) client.send(`42${JSON.stringify([event, payload])}`);
  }

  commandsOf(event: string): unknown[] {
    return this.commands.filter((command) => command.event === event).map((command) => command.payload);
  }

  private accept(client: Client) {
    this.clients.add(client);
    // engine.io open: no upgrades, and pings far apart (a test never waits for one).
    client.send(`0${JSON.stringify({ sid: "engine", upgrades: [], pingInterval: 60_000, pingTimeout: 60_000, maxPayload: 1_000_000 })}`);
    client.on("message", (data) => {
      const frame = String(data);
      if (frame.startsWith("40")) {
        client.send(`40${JSON.stringify({ sid: "socket" })}`);
        return;
      }
      const event = /^42(\d*)(\[.*)$/s.exec(frame);
      if (!event) return;
      const [, ackId, body] = event;
      const [name, payload] = JSON.parse(body ?? "[]") as [string, unknown];
      this.commands.push({ event: name, payload });
      const answer = this.answers.get(name)?.(payload);
      if (ackId && answer !== undefined) client.send(`43${ackId}${JSON.stringify([answer])}`);
    });
    client.on("close", () => this.clients.delete(client));
  }
}

/** Long-polling, the client's fallback when no WebSocket opens, finds no server either (happy-dom's would dial out). */
class NoServerXMLHttpRequest {
  withCredentials = false;
  open(): never {
    throw new Error("No HTTP server behind the mock socket.io server");
  }
}

/**
 * What a test file's `vi.mock("socket.io-client", …)` returns: the browser build, on mock-socket's WebSocket, with
 * long-polling failing as it would with the server gone. The test file's page has these for globals from then on.
 */
export async function socketIoClientOnMockSocket(): Promise<{ io: typeof io }> {
  // The browser build reads globalThis.WebSocket when it loads.
  globalThis.WebSocket = MockWebSocket as unknown as typeof globalThis.WebSocket;
  globalThis.XMLHttpRequest = NoServerXMLHttpRequest as unknown as typeof globalThis.XMLHttpRequest;
  const browserBuild = await import("socket.io-client/dist/socket.io.js");
  return { io: browserBuild.default.io };
}
