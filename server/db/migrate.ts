// Applies server/db/migrations/*.sql in name order, each once, all pending ones in one transaction.
// An advisory lock makes concurrent starts (several processes on one PostgreSQL) wait for each other.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { settleDisplayNames } from "../accounts/display-names";
import { projectRoot } from "../paths";
import type { Database } from "./database";

const migrationsDir = path.join(projectRoot, "server", "db", "migrations");
const MIGRATION_LOCK = 7_310_001;

export async function migrate(db: Database): Promise<string[]> {
  const files = readdirSync(migrationsDir)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  // One transaction under the lock: a second process waits, then finds everything applied (as long as it takes: the
  // pool's statement timeouts are for requests).
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await tx.query<{ name: string }>("select name from schema_migrations")).map((row) => row.name),
    );
    const applied: string[] = [];
    for (const file of files.filter((name) => !done.has(name))) {
      const sql = readFileSync(path.join(migrationsDir, file), "utf8");
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query("insert into schema_migrations (name) values ($1)", [file]);
      applied.push(file);
    }
    // What SQL cannot compute: the display names' confusable skeletons (decision 079).
    await settleDisplayNames(tx);
    return applied;
  }, { mayRunLong: true });
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
