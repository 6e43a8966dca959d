// The process entry point: configuration, database, migrations, demo data, then listen; SIGTERM drains and closes it
// cleanly (decision 087): unready at once, no new sockets, commands in flight answered, sockets sent elsewhere, then the
// HTTP requests in flight finish and the process exits.
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { migrate } from "./schema";
import { announceServer } from "./operator/ops-cli-backends";
import { DEMO_BIDDER, DEMO_OPERATOR, seedDemoData } from "./seed/seed";

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.database);
  await migrate(db);
  // Seeded before the lifecycle starts ticking, so past histories are written before anything ends them.
  const seed = config.seedDemoData ? await seedDemoData(db) : { seeded: false };
  const app = await buildApp({ config, db });
  const { http } = app;
  if (seed.seeded) http.log.info({ auctions: seed.auctions }, "demo data seeded");
  await http.listen({ host: config.host, port: config.port });
  const address = http.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  http.log.info({ url, database: db.kind, feed: config.redisUrl ? "redis" : "in-memory" }, `Pennybid is ready at ${url}`);
  if (config.redisUrl && db.kind === "pglite") {
    http.log.warn("REDIS_URL is set, but the embedded PGlite serves one process only: set DATABASE_URL to run several");
  }
  // The ops CLI finds this server here and sends its commands through it.
  const withdraw = announceServer(config.dataDir, url);
  if (config.seedDemoData && !config.isProduction) {
    http.log.info(`Demo bidder: ${DEMO_BIDDER.email} / ${DEMO_BIDDER.password}`);
    http.log.info(`Demo operator: ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password}`);
  }
  // The dev panel shows only to a tester who asks for it (decision 080).
  if (!config.isProduction) http.log.info(`Dev tools (for testers): ${url}/?devtools`);

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    http.log.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    withdraw();
    await app.drain();
    http.log.info({ signal }, "drained: no socket commands in flight");
    await http.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
