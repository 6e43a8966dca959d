import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HealthResponse, LivenessResponse, ReadinessResponse } from "../../contract";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";

/**
 * How long the check waits for the database: a probe needs its answer sooner than the pool gives up (its connect and
 * answer timeouts), and a database that takes longer than this to say `select 1` is not serving bids either.
 */
const DATABASE_CHECK_MS = 2_000;

export type HealthOptions = {
  db: Database;
  /** Whether the process is draining (decision 087): it then says it is not ready. */
  isDraining?: () => boolean;
  /** With REDIS_URL: whether the feed's connections to Redis are up. */
  isRedisUp?: () => boolean;
};

/** Whether the database says `select 1` within DATABASE_CHECK_MS. */
async function isDatabaseUp(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    db.query("select 1").then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(resolve, DATABASE_CHECK_MS, false))),
  ]).finally(() => clearTimeout(timer));
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    "/api/health/live",
    { config: { readsSession: false }, schema: { response: { 200: LivenessResponse, ...errorAnswers } } },
    async () => ({ status: "ok" as const }),
  );
  routes.get(
    "/api/health/ready",
    { config: { readsSession: false }, schema: { response: { 200: ReadinessResponse, 503: ReadinessResponse, ...errorAnswers } } },
    async (_request, reply) => {
      const draining = options.isDraining?.() ?? false;
      const database = (await isDatabaseUp(options.db)) ? "ok" : "unavailable";
      const redis = options.isRedisUp ? (options.isRedisUp() ? "ok" : "unavailable") : "off";
      const ready = !draining && database === "ok" && redis !== "unavailable";
      return reply.status(ready ? 200 : 503).send({ ready, database, redis, draining });
    },
  );
  routes.get(
    "/api/health",
    { config: { readsSession: false }, schema: { response: { 200: HealthResponse, 503: HealthResponse, ...errorAnswers } } },
    async (_request, reply) => {
      const isUp = await isDatabaseUp(options.db);
      const body: HealthResponse = {
        status: isUp ? "ok" : "degraded",
        database: isUp ? "ok" : "unavailable",
        serverNow: Date.now(),
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(isUp ? 200 : 503).send(body);
    },
  );
}
