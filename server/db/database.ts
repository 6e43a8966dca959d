// One handle for both databases: embedded PGlite by default, PostgreSQL through a pool when DATABASE_URL is set.
// The same SQL runs on both; callers never know which one they hold.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { AppConfig } from "../config";
import { projectRoot } from "../paths";
import { preparedStatements } from "./pglite-statements";

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: its data directory as a tar, for `openDatabase`'s `startFrom` (tests start from one migrated copy). */
  dumpDataDir?(): Promise<Blob>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** `startFrom`: a PGlite data directory `dumpDataDir` wrote, for a database in memory (no initdb, no migrations to run). */
export async function openDatabase(config: AppConfig["database"], options: { startFrom?: Blob } = {}): Promise<Database> {
  return config.kind === "postgres" ? openPostgres(config.url) : openPglite(config.dataDir, options.startFrom);
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
    // cache of the same files; live auctions' working set is a few MB (decision 028: 130 MiB less RSS).
    postgresqlconf: ["shared_buffers = 32MB"],
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
    dumpDataDir: () => db.dumpDataDir("none"),
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
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can be cut (a PostgreSQL restart, an administrator): the pool drops it and opens a new one
  // on the next query. Without a listener the error would end the process.
  pool.on("error", () => undefined);
  await pool.query("select 1");
  return {
    kind: "postgres",
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, [...params]);
      return result.rows as Row[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const value = await fn({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            const result = await client.query(sql, [...params]);
            return result.rows as Row[];
          },
        });
        await client.query("commit");
        return value;
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
