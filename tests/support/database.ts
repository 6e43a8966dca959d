// A fresh database for one test file: PGlite in memory by default; with DATABASE_URL set, a new PostgreSQL
// database created for the file and dropped after, so files never see each other's rows.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";

export type TestDatabase = { db: Database; databaseUrl: string | undefined; drop: () => Promise<void> };

export async function openTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const db = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    if (options.migrated !== false) await migrate(db);
    return { db, databaseUrl: undefined, drop: () => db.close() };
  }
  const name = `pennybid_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: "postgres", url: url.toString() });
  if (options.migrated !== false) await migrate(db);
  return {
    db,
    databaseUrl: url.toString(),
    drop: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
