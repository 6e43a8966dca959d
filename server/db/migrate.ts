// Applies server/db/migrations/*.sql in name order, each once, all pending ones in one transaction; then each of
// server/db/functions/*.sql whose text changed since it was last applied (decision 099: a database function is written
// once, with `create or replace`, as Flyway's repeatable migrations are). An advisory lock makes concurrent starts
// (several processes on one PostgreSQL) wait for each other. What SQL cannot compute comes last, in the same
// transaction, from the caller: server/schema.ts passes the display names' settling, so db imports no domain
// (decision 107).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "../paths";
import type { Database, Queryable } from "./database";

const migrationsDir = path.join(projectRoot, "server", "db", "migrations");
const functionsDir = path.join(projectRoot, "server", "db", "functions");
const MIGRATION_LOCK = 7_310_001;

/** What runs after the migrations and functions, in their transaction: what SQL cannot compute. */
export type AfterMigrations = (tx: Queryable) => Promise<unknown>;

export async function applyMigrations(db: Database, afterMigrations: AfterMigrations): Promise<string[]> {
  const files = sqlFiles(migrationsDir);
  // One transaction under the lock: a second process waits, then finds everything applied (as long as it takes: the
  // pool's statement timeouts are for requests).
  return db.transaction(
    async (tx) => {
      await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
      const done = new Set((await tx.query<{ name: string }>("select name from schema_migrations")).map((row) => row.name));
      const applied: string[] = [];
      for (const file of files.filter((name) => !done.has(name))) {
        const sql = readFileSync(path.join(migrationsDir, file), "utf8");
        for (const statement of splitStatements(sql)) await tx.query(statement);
        await tx.query("insert into schema_migrations (name) values ($1)", [file]);
        applied.push(file);
      }
      await tx.query(`create table if not exists schema_functions (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
      const checksums = new Map(
        (await tx.query<{ name: string; checksum: string }>("select name, checksum from schema_functions")).map((row) => [
          row.name,
          row.checksum,
        ]),
      );
      for (const file of sqlFiles(functionsDir)) {
        const sql = readFileSync(path.join(functionsDir, file), "utf8");
        const checksum = createHash("sha256").update(sql).digest("hex");
        if (checksums.get(file) === checksum) continue;
        for (const statement of splitStatements(sql)) await tx.query(statement);
        await tx.query(
          `insert into schema_functions (name, checksum) values ($1, $2)
         on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
          [file, checksum],
        );
        applied.push(`functions/${file}`);
      }
      await afterMigrations(tx);
      return applied;
    },
    { mayRunLong: true },
  );
}

/** A folder's .sql files in name order. */
function sqlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort();
}

/** Splits a migration on `;` at line ends; our migrations keep function bodies in $$ blocks on one statement. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  let inDollarBlock = false;
  for (const line of sql.split("\n")) {
    if (/^\s*--/.test(line) && !inDollarBlock) continue;
    current += line + "\n";
    const dollarCount = (line.match(/\$\$/g) ?? []).length;
    if (dollarCount % 2 === 1) inDollarBlock = !inDollarBlock;
    if (!inDollarBlock && /;\s*$/.test(line)) {
      statements.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
