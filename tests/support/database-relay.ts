// A TCP relay between a server and its PostgreSQL that a test can stop (connections cut, new ones refused: a stopped
// database) or freeze (connections taken, nothing passed either way until thawed, then all of it: a SIGSTOP). It only
// passes bytes, so it stands as well between a server and its Redis (tests/integration/outage-fault.test.ts).
import { connect, createServer, type Server, type Socket } from "node:net";

export class DatabaseRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private isFrozen = false;
  private port = 0;

  private constructor(private readonly target: URL) {}

  /** Relays to the PostgreSQL `databaseUrl` names, from a port of its own on 127.0.0.1. */
  static async start(databaseUrl: string): Promise<DatabaseRelay> {
    const relay = new DatabaseRelay(new URL(databaseUrl));
    await relay.listen();
    return relay;
  }

  /** The database's URL through the relay. */
  get url(): string {
    const url = new URL(this.target);
    url.hostname = "127.0.0.1";
    url.port = String(this.port);
    return url.toString();
  }

  /** As a stopped database: every connection cut, new ones refused, until `restart`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    this.sockets.forEach((socket) => socket.destroy());
    await closed;
  }

  /** As a database started again, on the same port (nothing to do when it runs). */
  async restart(): Promise<void> {
    if (!this.server) await this.listen();
  }

  /** As a frozen database: connections are taken, and what either side sends waits. */
  freeze(): void {
    this.isFrozen = true;
    this.sockets.forEach((socket) => socket.pause());
  }

  /** Everything that waited goes on, as after SIGCONT. */
  thaw(): void {
    this.isFrozen = false;
    this.sockets.forEach((socket) => socket.resume());
  }

  async close(): Promise<void> {
    this.thaw();
    await this.stop();
  }

  private async listen(): Promise<void> {
    const server = createServer((client) => this.relay(client));
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  private relay(client: Socket): void {
    const upstream = connect(Number(this.target.port || 5432), this.target.hostname);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(socket);
      // Paused before its data listener: a frozen database reads nothing from a new connection either.
      if (this.isFrozen) socket.pause();
      socket.on("data", (chunk) => other.write(chunk));
      // What one side sent before it closed still reaches the other (a query sent to a frozen database runs on thaw).
      socket.on("end", () => other.end());
      socket.on("close", () => {
        this.sockets.delete(socket);
        other.end();
      });
      socket.on("error", () => other.destroy());
    }
  }
}
