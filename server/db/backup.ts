// Backups of the embedded database (decision 088): a checkpoint, then PGlite's own copy of its data directory taken
// while no statement and no transaction runs (`dumpDataDir`), gzip-compressed. The copy is what a crash would have
// left on disk at that instant, after a checkpoint: PostgreSQL opens it as it would after a crash, every committed
// transaction in it and nothing half-done. A restore loads it into a new, empty data directory. PostgreSQL has its own
// tools for both (pg_dump, base backups with WAL archiving): docs/operations/backups.md.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger } from "fastify";
import { startRepeating, type RepeatingJob } from "../jobs/repeating";
import type { Database } from "./database";

/** A backup that cannot be taken or restored, with the reason in words an operator can act on. */
export class BackupError extends Error {}

/** The embedded database as one gzip-compressed tar of its data directory, consistent as of one instant. */
export async function backupArchive(db: Database): Promise<Buffer> {
  if (db.kind !== "pglite" || !db.dumpDataDir) {
    throw new BackupError(
      "the database is PostgreSQL (DATABASE_URL): back it up with pg_dump or your PostgreSQL's base backups (docs/operations/backups.md).",
    );
  }
  // Dirty pages to the files first, so that a restore has little or no WAL to replay; bids wait only for the copy.
  await db.exec("checkpoint");
  const tar = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  // Compressed off the event loop (libuv's threads), after the database is free again.
  return promisify(gzip)(tar);
}

/** Writes a file whole or not at all: to a temporary name beside it, then renamed over. */
export function writeWhole(file: string, bytes: Buffer): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

/** The names of a tar's entries (ustar: 512-byte headers, each followed by its content in 512-byte blocks). */
function tarEntries(tar: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString("latin1")
        .replace(/\0.*$/s, "");
    const size = Number.parseInt(field(124, 12).trim() || "0", 8);
    const prefix = field(345, 155);
    const name = (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100)).replace(/^\.?\//, "");
    if (!Number.isFinite(size) || size < 0 || !name) break;
    entries.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** A backup file's tar, refused unless it is a gzip-compressed PostgreSQL data directory. */
export async function readBackup(file: string): Promise<Buffer> {
  const bytes = await readFile(file).catch(() => {
    throw new BackupError(`cannot read the backup file ${file}.`);
  });
  const tar = await promisify(gunzip)(bytes).catch(() => {
    throw new BackupError(`${file} is not a Pennybid backup: it is not gzip-compressed, or it is cut short.`);
  });
  const entries = tarEntries(tar);
  const version = entries.get("PG_VERSION")?.toString("latin1").trim();
  if (!version || !/^\d+$/.test(version) || ![...entries.keys()].some((name) => name.startsWith("base/"))) {
    throw new BackupError(`${file} is not a Pennybid backup: it holds no embedded database's data directory.`);
  }
  return tar;
}

export type RestoreSummary = { dataDir: string; lastMigration: string; users: number; auctions: number; bids: number };

/**
 * Restores a backup into a data directory that does not exist or is empty; refuses any other (it would mix two
 * databases' files, or overwrite one). What it made is removed again when the backup cannot be opened.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreSummary> {
  const target = path.resolve(dataDir);
  const existed = existsSync(target);
  if (existed && readdirSync(target).length > 0) {
    throw new BackupError(
      `the data directory ${target} is not empty: restore into a new one, e.g. DATA_DIR=${dataDir.replace(/\/+$/, "")}-restored npm run ops -- restore ${file}`,
    );
  }
  const tar = await readBackup(file);
  const pgdata = path.join(target, "pglite");
  mkdirSync(pgdata, { recursive: true });
  let db: PGlite | undefined;
  try {
    db = await PGlite.create({ dataDir: pgdata, loadDataDir: new Blob([new Uint8Array(tar)]) }).catch((error: unknown) => {
      throw new BackupError(
        `${file} could not be opened by this version's embedded PostgreSQL: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    const count = async (table: string) =>
      Number((await db!.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0);
    const migrations = await db.query<{ name: string }>("select name from schema_migrations order by name desc limit 1").catch(() => {
      throw new BackupError(`${file} is not a Pennybid backup: its database has no Pennybid tables.`);
    });
    const summary: RestoreSummary = {
      dataDir: target,
      lastMigration: migrations.rows[0]?.name ?? "none",
      users: await count("users").catch(() => 0),
      auctions: await count("auctions").catch(() => 0),
      bids: await count("bids").catch(() => 0),
    };
    await db.close();
    return summary;
  } catch (error) {
    await db?.close().catch(() => undefined);
    rmSync(existed ? pgdata : target, { recursive: true, force: true });
    throw error;
  }
}

const SCHEDULED = /^pennybid-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)\.tar\.gz$/;

/** A scheduled backup's file name: when it was taken, in UTC, sortable ("pennybid-2026-12-05T06-00-00Z.tar.gz"). */
export function scheduledName(at: Date): string {
  return `pennybid-${at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-")}.tar.gz`;
}

const takenAt = (name: string) => Date.parse(SCHEDULED.exec(name)![1]!.replace(/T(\d\d)-(\d\d)-(\d\d)Z$/, "T$1:$2:$3Z"));

export type ScheduledBackup = { file: string; bytes: number; ms: number; removed: string[] };

/**
 * One round of the scheduled backups: when the newest in `dir` is older than half the interval (a restart does not
 * take one more right after the last), a new one, then only the newest `keep` are kept. Answers what it did, or null.
 */
export async function scheduledBackupRound(options: {
  db: Database;
  dir: string;
  everyMs: number;
  keep: number;
  now?: Date;
}): Promise<ScheduledBackup | null> {
  const { db, dir, everyMs, keep } = options;
  const now = options.now ?? new Date();
  mkdirSync(dir, { recursive: true });
  const newest = readdirSync(dir)
    .filter((name) => SCHEDULED.test(name))
    .sort()
    .at(-1);
  if (newest && now.getTime() - takenAt(newest) < everyMs / 2) return null;
  const started = performance.now();
  const archive = await backupArchive(db);
  const file = path.join(dir, scheduledName(now));
  writeWhole(file, archive);
  const kept = readdirSync(dir)
    .filter((name) => SCHEDULED.test(name))
    .sort()
    .reverse();
  const removed = kept.slice(keep);
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return { file, bytes: archive.length, ms: Math.round(performance.now() - started), removed };
}

/** Starts the scheduled backups (BACKUP_EVERY) of the embedded database, as the job "backup" in the metrics. */
export function startBackups(options: { db: Database; log: FastifyBaseLogger; dir: string; everyMs: number; keep: number }): RepeatingJob {
  const { log, ...round } = options;
  return startRepeating({
    name: "backup",
    intervalMs: options.everyMs,
    onError: (error) => log.error({ err: error }, "scheduled backup failed"),
    round: async () => {
      const done = await scheduledBackupRound(round);
      if (done) log.info(done, "backup written");
    },
  });
}
