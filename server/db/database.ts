// One handle for both databases: embedded PGlite by default, PostgreSQL through a pool when DATABASE_URL is set.
// The same SQL runs on both; callers never know which one they hold.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { projectRoot } from "../paths";
import { DatabaseUnavailable, isDatabaseUnavailable } from "./errors";
import { preparedStatements } from "./pglite-statements";
import { databaseStatementSeconds, secondsSince } from "../metrics/metrics";

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export type TransactionOptions = {
  /** Migrations: they may wait for another process's and rewrite large tables, so PostgreSQL's timeouts do not apply. */
  mayRunLong?: boolean;
};

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: its data directory as a tar, taken while no statement and no transaction runs (backups, decision 088;
   * tests start from one migrated copy with `openDatabase`'s `startFrom`).
   */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: statements waiting for a free connection of the pool (a metric). */
  waiting?(): number;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * How long the PostgreSQL pool waits: a bid is worth nothing seconds late, and a database that is stopped, frozen or
 * out of connections must answer 503 at once rather than hold every request open as long as it is down. PGlite runs in
 * this process and needs none.
 */
export const POSTGRES_TIMEOUTS = {
  connectMs: 2_000,
  statementMs: 3_000,
  /** A transaction left waiting holds its row locks (an auction's, a wallet's): PostgreSQL ends it after this. */
  idleInTransactionMs: 5_000,
  /** The wait for an answer: PostgreSQL's own statement timeout first, this when it cannot keep it (frozen, cut off). */
  answerMs: 4_000,
} as const;

/** Which database to open: DATABASE_URL's PostgreSQL, or the embedded PGlite in DATA_DIR (config.ts reads which). */
export type DatabaseSettings = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };

/** `startFrom`: a PGlite data directory `dumpDataDir` wrote, for a database in memory (no initdb, no migrations to run). */
export async function openDatabase(config: DatabaseSettings, options: { startFrom?: Blob } = {}): Promise<Database> {
  return timed(config.kind === "postgres" ? await openPostgres(config.url) : await openPglite(config.dataDir, options.startFrom));
}

/** The database with each statement's time in the metrics, a transaction's statements too. */
function timed(db: Database): Database {
  const time = <T>(run: () => Promise<T>): Promise<T> => {
    const startedAt = performance.now();
    return run().then(
      (value) => {
        databaseStatementSeconds.observe({ database: db.kind, outcome: "ok" }, secondsSince(startedAt));
        return value;
      },
      (error: unknown) => {
        databaseStatementSeconds.observe({ database: db.kind, outcome: "failed" }, secondsSince(startedAt));
        throw error;
      },
    );
  };
  return {
    ...db,
    query: (sql, params) => time(() => db.query(sql, params)),
    transaction: (fn, options) => db.transaction((tx) => fn({ query: (sql, params) => time(() => tx.query(sql, params)) }), options),
  };
}

async function openPglite(dataDir: string, startFrom: Blob | undefined): Promise<Database> {
  if (dataDir !== "memory://") {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) await createCluster(dataDir);
  }
  const db = await PGlite.create({
    ...(dataDir === "memory://" ? (startFrom ? { loadDataDir: startFrom } : {}) : { dataDir }),
    // int8 (counts, sums) and numeric as numbers, as on PostgreSQL below: our values stay far below 2^53.
    parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number },
    // PostgreSQL's default 128 MB of shared buffers would live inside this process, on top of the operating system's
    // cache of the same files; live auctions' working set is a few MB (decision 028: 130 MiB less RSS at 32 MB;
    // decision 114: 16 MB, 20 MiB less again, bids as fast).
    postgresqlconf: ["shared_buffers = 16MB"],
  });
  // Each SQL text is prepared once and then run in one call into PostgreSQL (decision 075).
  const statements = preparedStatements(db);
  return {
    kind: "pglite",
    query: (sql, params = []) => statements.query(sql, params),
    // PGlite's transaction holds its lock and sends BEGIN, COMMIT or ROLLBACK; its statements run prepared too.
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: async (sql, params = []) => {
            if (tx.closed) throw new Error("Transaction is closed");
            return statements.queryInTransaction(sql, params);
          },
        }),
      ),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
    // Between transactions: PGlite's own lock of transactions, then its lock of statements inside dumpDataDir.
    dumpDataDir: () => db._runExclusiveTransaction(() => db.dumpDataDir("none")),
  };
}

/**
 * Runs initdb in a data dir, in a child process. The PGlite instance that runs initdb keeps its memory, about
 * 430 MiB, as long as it lives (decision 028), and once it is closed this process still does not give about 140 MiB
 * of it back to the system: a process of its own does (decision 070).
 */
async function createCluster(dataDir: string): Promise<void> {
  const script = `const { PGlite } = await import("@electric-sql/pglite");
await (await PGlite.create({ dataDir: process.argv[1] })).close();`;
  // From the project, so that the child finds the package the server itself uses.
  const cwd = projectRoot;
  await promisify(execFile)(process.execPath, ["--input-type=module", "--eval", script, path.resolve(dataDir)], { cwd });
}

async function openPostgres(url: string): Promise<Database> {
  pg.types.setTypeParser(INT8_OID, Number);
  pg.types.setTypeParser(NUMERIC_OID, Number);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Also the wait for a free connection when all ten are busy.
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: POSTGRES_TIMEOUTS.idleInTransactionMs,
  });
  // An idle connection can be cut (a PostgreSQL restart, an administrator): the pool drops it and opens a new one
  // on the next query. Without a listener the error would end the process.
  pool.on("error", () => undefined);
  await pool.query("select 1");
  return {
    kind: "postgres",
    query: (sql, params = []) => rowsOf(pool, sql, params, POSTGRES_TIMEOUTS.answerMs),
    async transaction(fn, { mayRunLong = false } = {}) {
      const client = await pool.connect().catch(throwAsOutage);
      const answerMs = mayRunLong ? undefined : POSTGRES_TIMEOUTS.answerMs;
      const tx: Queryable = { query: (sql, params = []) => rowsOf(client, sql, params, answerMs) };
      try {
        await tx.query("begin");
        if (mayRunLong) {
          await tx.query("select set_config('statement_timeout', '0', true), set_config('idle_in_transaction_session_timeout', '0', true)");
        }
        const value = await fn(tx);
        await tx.query("commit");
        client.release();
        return value;
      } catch (error) {
        // A connection lost or not answering is closed, not given back: closing rolls back, and a rollback sent on it
        // would wait as long again.
        const isRolledBack =
          !(error instanceof DatabaseUnavailable) &&
          (await tx.query("rollback").then(
            () => true,
            () => false,
          ));
        client.release(!isRolledBack);
        throw error;
      }
    },
    exec: async (sql) => {
      await rowsOf(pool, sql, [], POSTGRES_TIMEOUTS.answerMs);
    },
    close: () => pool.end(),
    waiting: () => pool.waitingCount,
  };
}

/**
 * One statement's rows, waiting `answerMs` at most for them (none: as long as it takes). node-postgres takes the wait
 * per query as `query_timeout`, which its types leave out; the pool drops a connection whose answer did not come.
 */
async function rowsOf<Row>(
  client: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly unknown[],
  answerMs: number | undefined,
): Promise<Row[]> {
  const result = await client.query({ text: sql, values: [...params], query_timeout: answerMs } as pg.QueryConfig).catch(throwAsOutage);
  return result.rows as Row[];
}

/** An outage goes on as DatabaseUnavailable, which the HTTP and socket edges answer with 503; any other error as it is. */
function throwAsOutage(error: unknown): never {
  throw isDatabaseUnavailable(error) ? new DatabaseUnavailable(error) : error;
}
