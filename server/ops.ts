// Entry point of `npm run ops -- <command>` (see server/operator/ops-cli.ts for the commands).
import { createInterface } from "node:readline/promises";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { migrate } from "./db/migrate";
import { directBackend, findLocalServer, httpBackend } from "./operator/backends";
import { runOps } from "./operator/ops-cli";
import { localOperatorKey } from "./operator/operator-auth";

async function connect() {
  const config = loadConfig();
  const serverUrl = findLocalServer(config.dataDir);
  if (serverUrl) return httpBackend(serverUrl, localOperatorKey(config.sessionSecret));
  const db = await openDatabase(config.database);
  await migrate(db);
  return directBackend(db);
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

const code = await runOps(process.argv.slice(2), connect, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  confirm: process.stdin.isTTY ? confirm : undefined,
}).catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  return 1;
});
process.exitCode = code;
