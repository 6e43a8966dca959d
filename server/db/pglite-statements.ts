// Statements prepared once on PGlite (decision 075). PGlite's own `query` parses, plans and describes its statement
// at every call, in six calls into PostgreSQL (parse, describe the statement, bind, describe the portal, execute,
// sync). This runs each SQL text as a named prepared statement: the first call prepares and describes it, every
// later one is a single call of bind, execute and sync, its rows read with the description kept from the first.
import { parse, protocol, type PGlite } from "@electric-sql/pglite";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

type Statement = {
  readonly name: string;
  /** The parameters' type OIDs, for PGlite's serializers. */
  readonly parameterTypes: readonly number[];
  /** The statement's RowDescription message; undefined when it returns no rows (NoData). */
  readonly rowDescription: BackendMessage | undefined;
};

export type PreparedStatements = {
  /** A statement at the top level: waits for any open transaction, as PGlite's `query` does. */
  query<Row>(sql: string, params: readonly unknown[]): Promise<Row[]>;
  /** A statement inside the transaction that is running (its lock is already held). */
  queryInTransaction<Row>(sql: string, params: readonly unknown[]): Promise<Row[]>;
  /** How many statements are prepared now. */
  readonly size: number;
};

/** Names statements for the whole process, so that two sets of statements on one database never share a name. */
let prepared = 0;

/** SQLSTATEs after which a statement is prepared again: its result's shape changed (DDL), or it was deallocated. */
const STALE_STATEMENT = new Set(["0A000", "26000"]);

/**
 * Statements prepared on `db`, one for each SQL text, the least recently used closed beyond `limit` (each holds a
 * plan in PostgreSQL's memory, which lives in this process).
 */
export function preparedStatements(db: PGlite, limit = 100): PreparedStatements {
  // A Map keeps insertion order: a statement used again moves to the end, so the first one is the least recent.
  const statements = new Map<string, Statement>();

  async function prepare(sql: string, inTransaction: boolean): Promise<Statement> {
    const name = `pennybid_${++prepared}`;
    const messages = await db.execProtocolStream(
      concat(protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: "S", name }), protocol.serialize.sync()),
      { syncToFs: false },
    );
    const statement: Statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === "rowDescription"),
    };
    statements.set(sql, statement);
    if (statements.size > limit) {
      const [oldestSql, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestSql);
      await close(oldest, inTransaction);
    }
    return statement;
  }

  async function close(statement: Statement, inTransaction: boolean): Promise<void> {
    // Closing a statement that does not exist is no error; in a failed transaction it is refused and left to
    // PostgreSQL (a statement's plan is freed with the session at the latest).
    await db
      .execProtocolStream(concat(protocol.serialize.close({ type: "S", name: statement.name }), protocol.serialize.sync()), {
        syncToFs: !inTransaction,
      })
      .catch(() => undefined);
  }

  async function execute<Row>(statement: Statement, params: readonly unknown[], inTransaction: boolean): Promise<Row[]> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.parameterTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await db.execProtocolStream(
      concat(protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()),
      { syncToFs: !inTransaction },
    );
    const [result] = parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...messages] : messages, db.parsers);
    return (result?.rows ?? []) as Row[];
  }

  async function run<Row>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Row[]> {
    if (db.closed) throw new Error("PGlite is closed");
    const cached = statements.get(sql);
    if (cached) {
      statements.delete(sql);
      statements.set(sql, cached);
    }
    try {
      return await execute<Row>(cached ?? (await prepare(sql, inTransaction)), params, inTransaction);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // Only a statement prepared by an earlier call can have gone stale, so this runs again at most once.
      if (cached && typeof code === "string" && STALE_STATEMENT.has(code)) {
        statements.delete(sql);
        await close(cached, inTransaction);
        // Outside a transaction the statement runs again, prepared anew; inside one the failure has ended the
        // transaction, and the next call prepares it.
        if (!inTransaction) return run<Row>(sql, params, inTransaction);
      }
      // As PGlite's own query does, the error says which statement failed.
      if (typeof error === "object" && error !== null) Object.assign(error, { query: sql, params });
      throw error;
    }
  }

  return {
    query: (sql, params) => db._runExclusiveTransaction(() => db._runExclusiveQuery(() => run(sql, params, false))),
    queryInTransaction: (sql, params) => db._runExclusiveQuery(() => run(sql, params, true)),
    get size() {
      return statements.size;
    },
  };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
