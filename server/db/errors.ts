/** A unique-constraint violation (SQLSTATE 23505), optionally of one named constraint; same on PGlite and pg. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === "23505" && (constraint === undefined || violated === constraint);
}

/**
 * SQLSTATEs of a database that cannot answer now, whatever was asked: connection exceptions (class 08), a shutdown or
 * a server not yet accepting connections (57P01-57P03), too many clients (53300), a statement cut by statement_timeout
 * (57014) and a session ended by idle_in_transaction_session_timeout (25P03).
 */
const OUTAGE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "25P03"]);
/** Socket errors of a server that is down, unreachable or cut off. */
const OUTAGE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** node-postgres says these without a code: a connection lost, or one that timed out connecting or answering. */
const OUTAGE_DRIVER_MESSAGES = new Set([
  "Connection terminated",
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "timeout expired",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
]);

/**
 * The database could not be reached or did not answer in time (an outage), as the PostgreSQL handle throws it: not a
 * refusal of the statement, and the request may succeed if tried again shortly. The driver's error is its `cause`.
 */
export class DatabaseUnavailable extends Error {
  override name = "DatabaseUnavailable";

  constructor(cause: unknown) {
    super("The database is unavailable", { cause });
  }
}

/**
 * Whether a driver's `error` says the database is unreachable or cannot answer in time, rather than that it refused
 * the statement. Follows `cause`, as the pool wraps a connect timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === "object" && current !== null && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (code.startsWith("08") || OUTAGE_SQLSTATES.has(code) || OUTAGE_SOCKET_CODES.has(code))) return true;
    if (typeof message === "string" && OUTAGE_DRIVER_MESSAGES.has(message)) return true;
    current = cause;
  }
  return false;
}
