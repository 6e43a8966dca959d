import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HealthResponse } from "../../contract";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";

/**
 * How long the check waits for the database: a probe needs its answer sooner than the pool gives up (its connect and
 * answer timeouts), and a database that takes longer than this to say `select 1` is not serving bids either.
 */
const DATABASE_CHECK_MS = 2_000;

export async function healthRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    { config: { readsSession: false }, schema: { response: { 200: HealthResponse, 503: HealthResponse, ...errorAnswers } } },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const isDatabaseUp = await Promise.race([
        options.db.query("select 1").then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => (timer = setTimeout(resolve, DATABASE_CHECK_MS, false))),
      ]).finally(() => clearTimeout(timer));
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
