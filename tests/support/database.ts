// A fresh database for one test file: PGlite in memory by default; with DATABASE_URL set, a new PostgreSQL
// database created for the file and dropped after, so files never see each other's rows.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase, type Database, type Queryable } from "../../server/db/database";
import { migrate } from "../../server/schema";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sqlDirs = ["server/db/migrations", "server/db/functions"].map((dir) => path.join(root, dir));

/**
 * An empty PGlite cluster with every migration applied, as the tar PGlite dumps: made once per set of migrations (and
 * PGlite version) and kept in .tmp/, so each test file's database starts from it in about a second instead of running
 * initdb and the migrations (about three and a half). A change to a migration or a function gets a new one.
 */
async function migratedCluster(): Promise<Blob> {
  const key = createHash("sha256");
  key.update(readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json")));
  for (const dir of sqlDirs) {
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith(".sql"))
      .sort()) {
      key.update(file).update(readFileSync(path.join(dir, file)));
    }
  }
  const cached = path.join(root, ".tmp/test-databases", `pglite-${key.digest("hex").slice(0, 16)}.tar`);
  if (existsSync(cached)) return new Blob([readFileSync(cached)]);
  const db = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  await migrate(db);
  const cluster = await db.dumpDataDir!();
  await db.close();
  // Files in other workers may be making the same one: each writes its own and renames it into place.
  mkdirSync(path.dirname(cached), { recursive: true });
  const own = `${cached}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(own, Buffer.from(await cluster.arrayBuffer()));
  renameSync(own, cached);
  return cluster;
}

export type TestDatabase = { db: Database; databaseUrl: string | undefined; drop: () => Promise<void> };

export async function openTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const db =
      options.migrated === false
        ? await openDatabase({ kind: "pglite", dataDir: "memory://" })
        : await openDatabase({ kind: "pglite", dataDir: "memory://" }, { startFrom: await migratedCluster() });
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

/**
 * Runs `work` while the database fails every insert into `table` that the SQL condition `when` picks (on `new`), as a
 * broken disk would: an error of the server's own, which no rule refuses. The trigger is gone afterwards.
 */
export async function whileInsertsFail<T>(db: Queryable, table: string, when: string, work: () => Promise<T>): Promise<T> {
  await db.query(`create function fail_insert() returns trigger language plpgsql as $$ begin raise exception 'disk gone'; end $$`);
  await db.query(`create trigger fail_insert before insert on ${table} for each row when (${when}) execute function fail_insert()`);
  try {
    return await work();
  } finally {
    await db.query(`drop trigger fail_insert on ${table}`);
    await db.query("drop function fail_insert");
  }
}
