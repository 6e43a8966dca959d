// Which failures of the database are an outage (answered 503, try again shortly) and which are the statement's own.
import { createServer, type Server, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors";

/** An error as PostgreSQL sends it: its SQLSTATE in `code`. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

/** A socket error as Node raises it. */
function socketError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect" });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a connection failure (08006)", serverError("08006", "connection failure")],
    ["a connection that could not be made (08001)", serverError("08001", "could not connect to server")],
    ["an administrator's shutdown (57P01)", serverError("57P01", "terminating connection due to administrator command")],
    ["a crash shutdown (57P02)", serverError("57P02", "terminating connection because of crash of another server process")],
    ["a server still starting (57P03)", serverError("57P03", "the database system is starting up")],
    ["too many clients (53300)", serverError("53300", "sorry, too many clients already")],
    ["a statement timeout (57014)", serverError("57014", "canceling statement due to statement timeout")],
    ["an idle-in-transaction timeout (25P03)", serverError("25P03", "terminating connection due to idle-in-transaction timeout")],
    ["a refused connection", socketError("ECONNREFUSED")],
    ["a reset connection", socketError("ECONNRESET")],
    ["a connection timed out by the system", socketError("ETIMEDOUT")],
    ["a connection the server dropped", new Error("Connection terminated unexpectedly")],
    ["an answer that did not come in time", new Error("Query read timeout")],
    ["no free connection in time", new Error("timeout exceeded when trying to connect")],
    [
      "a connect timeout, wrapped by the pool",
      new Error("Connection terminated due to connection timeout", { cause: new Error("Connection terminated unexpectedly") }),
    ],
    ["a client left broken by an earlier failure", new Error("Client has encountered a connection error and is not queryable")],
  ])("calls %s an outage", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", serverError("23505", 'duplicate key value violates unique constraint "users_email_key"')],
    ["a serialization failure (40001)", serverError("40001", "could not serialize access due to concurrent update")],
    ["a missing table (42P01)", serverError("42P01", 'relation "nowhere" does not exist')],
    ["an exception a function raised (P0001)", serverError("P0001", "disk gone")],
    ["a full disk (53100), which waiting does not cure", serverError("53100", "could not extend file")],
    ["a plain failure", new Error("Something went wrong")],
    ["an error with an unrelated code", Object.assign(new Error("not found"), { code: "ENOENT" })],
    ["something thrown that is not an error", "Connection terminated unexpectedly"],
    ["nothing", undefined],
  ])("does not call %s an outage", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("isDatabaseUnavailable, on what node-postgres itself raises", () => {
  // A database frozen in place (SIGSTOP): it takes the connection and never answers.
  let frozen: Server;
  const held: Socket[] = [];
  // A database stopped: nothing listens on its port.
  let closedPort = 0;

  beforeAll(async () => {
    frozen = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => frozen.listen(0, "127.0.0.1", resolve));
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(async () => {
    held.forEach((socket) => socket.destroy());
    await new Promise((resolve) => frozen.close(resolve));
  });

  const failureOf = async (port: number) => {
    const pool = new pg.Pool({ host: "127.0.0.1", port, user: "postgres", database: "postgres", connectionTimeoutMillis: 300 });
    pool.on("error", () => undefined);
    const failure = await pool.query("select 1").then(
      () => null,
      (error: unknown) => error,
    );
    await pool.end();
    return failure;
  };

  it("calls a stopped database's refused connection an outage", async () => {
    expect(isDatabaseUnavailable(await failureOf(closedPort))).toBe(true);
  });

  it("calls a frozen database's connect timeout an outage", async () => {
    const port = (frozen.address() as { port: number }).port;
    expect(isDatabaseUnavailable(await failureOf(port))).toBe(true);
  });
});
