// Entry point of `npm run ops -- <command>` (see server/operator/ops-cli.ts for the commands).
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from "./config";
import { BackupError, restoreBackup } from "./db/backup";
import { openDatabase } from "./db/database";
import { migrate } from "./schema";
import { directBackend, findLocalServer, httpBackend, OpsError } from "./operator/ops-cli-backends";
import { runOps, type ConnectPurpose } from "./operator/ops-cli";
import { localOperatorKey } from "./accounts/operator-auth";

async function connect(purpose: ConnectPurpose) {
  const config = loadConfig();
  if (purpose === "backup" && config.database.kind === "postgres") {
    throw new OpsError(
      "the database is PostgreSQL (DATABASE_URL): back it up with pg_dump, or with base backups and WAL archiving (docs/operations/backups.md).",
    );
  }
  const serverUrl = findLocalServer(config.dataDir);
  if (serverUrl) return httpBackend(serverUrl, localOperatorKey(config.sessionSecret));
  // A backup of a database that is not there would make a new, empty one and back that up.
  if (purpose === "backup" && config.database.kind === "pglite" && !existsSync(path.join(config.database.dataDir, "PG_VERSION"))) {
    throw new OpsError(`there is no embedded database in ${path.resolve(config.dataDir)} (DATA_DIR) to back up.`);
  }
  const db = await openDatabase(config.database);
  // A backup is of the database as it is: one taken before an upgrade must not be of the upgraded one.
  if (purpose === "command") await migrate(db);
  return directBackend(db);
}

/**
 * Restores into DATA_DIR, read from the environment without loadConfig: that would write a session secret and VAPID
 * keys into the directory, which must be empty.
 */
async function restore(file: string) {
  if (process.env.DATABASE_URL) {
    throw new OpsError(
      "DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (docs/operations/backups.md); restore restores the embedded database.",
    );
  }
  const dataDir = process.env.DATA_DIR || DEFAULT_DATA_DIR;
  if (dataDir.startsWith("memory://")) throw new OpsError("DATA_DIR=memory:// keeps nothing: name a directory to restore into.");
  return restoreBackup(file, dataDir).catch((error: unknown) => {
    throw error instanceof BackupError ? new OpsError(error.message) : error;
  });
}

/** A yes/no question on the terminal; anything but y or yes is a no. */
async function confirm(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await terminal.question(question)).trim());
  } finally {
    terminal.close();
  }
}

const code = await runOps(
  process.argv.slice(2),
  connect,
  {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    confirm: process.stdin.isTTY ? confirm : undefined,
  },
  { restore },
).catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  return 1;
});
process.exitCode = code;
