// The databases a benchmark runs on: PGlite in a temporary folder (the embedded default) and, when DATABASE_URL names a
// PostgreSQL server, a fresh `bench_<random>` database in it, dropped afterwards.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database } from "../../server/db/database";
import { migrate } from "../../server/schema";

export type DatabaseKind = "pglite" | "postgres";
export type BenchDatabase = { kind: DatabaseKind; db: Database; url: string | undefined; drop: () => Promise<void> };

/** The PostgreSQL server to use (an admin URL: bench databases are created in it), or undefined. */
export function postgresAdminUrl(): string | undefined {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** A new, empty PostgreSQL database for one run; returns its URL and how to drop it. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Drops a bench database by its URL (idempotent): the safety net when the process that made it was killed. */
export async function dropPostgresDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^bench_[0-9a-f]+$/.test(name)) throw new Error(`not a bench database: ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** A migrated database of the given kind, opened in this process. */
export async function openBenchDatabase(kind: DatabaseKind, postgresUrl?: string): Promise<BenchDatabase> {
  if (kind === "pglite") {
    // On disk in a fresh folder, as `npm start` runs it (an in-memory cluster keeps its files in the heap too).
    const dataDir = mkdtempSync(path.join(tmpdir(), "pennybid-bench-"));
    const db = await openDatabase({ kind: "pglite", dataDir });
    await migrate(db);
    return {
      kind,
      db,
      url: undefined,
      drop: async () => {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = postgresUrl ?? postgresAdminUrl();
  if (!adminUrl) throw new Error("PostgreSQL runs need DATABASE_URL");
  const created = await createPostgresDatabase(adminUrl);
  const db = await openDatabase({ kind: "postgres", url: created.url });
  await migrate(db);
  return {
    kind,
    db,
    url: created.url,
    drop: async () => {
      await db.close();
      await created.drop();
    },
  };
}
