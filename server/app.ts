// Assembles the server from its plugins. Never listens: server/index.ts does, and tests use inject or a port.
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { authnRoutes } from "./accounts/authn.routes";
import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import { healthRoutes } from "./health/health.routes";
import { registerErrorHandling } from "./http/errors";
import { securityPlugin } from "./http/security.plugin";
import { spaPlugin } from "./http/spa.plugin";
import { createRealtimeServer, type RealtimeServer } from "./realtime/socket";

export type App = { http: FastifyInstance; io: RealtimeServer };

export async function buildApp(options: { config: AppConfig; db: Database }): Promise<App> {
  const { config, db } = options;
  const http = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, redact: ["req.headers.cookie", "req.headers.authorization"] },
    bodyLimit: 64 * 1024,
    trustProxy: config.isProduction,
    forceCloseConnections: true,
  });
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(http);

  await http.register(securityPlugin, { config });
  await http.register(healthRoutes, { db });
  await http.register(authnRoutes);
  await http.register(spaPlugin, { staticDir: config.staticDir });

  const io = createRealtimeServer(http.server, { allowedOrigin: config.publicOrigin });
  http.addHook("onClose", async () => {
    await io.close();
  });
  await http.ready();
  return { http, io };
}
