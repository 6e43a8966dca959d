// Entry point of `npm run ops -- <command>` (see server/operator/ops-cli.ts for the commands).
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

const code = await runOps(process.argv.slice(2), connect, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  return 1;
});
process.exitCode = code;
