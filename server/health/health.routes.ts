import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HealthResponse } from "../../contract";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";

export async function healthRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    { schema: { response: { 200: HealthResponse, 503: HealthResponse, ...errorAnswers } } },
    async (_request, reply) => {
      const isDatabaseUp = await options.db.query("select 1").then(
        () => true,
        () => false,
      );
      const body: HealthResponse = {
        status: isDatabaseUp ? "ok" : "degraded",
        database: isDatabaseUp ? "ok" : "unavailable",
        serverNow: Date.now(),
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(isDatabaseUp ? 200 : 503).send(body);
    },
  );
}
