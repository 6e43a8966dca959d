// /dev/tools.json: tells the SPA it may offer the dev panel. Registered only outside production (server/app.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DevToolsStatus } from "../../contract";
import { errorAnswers } from "./errors";

export async function devToolsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get("/dev/tools.json", { schema: { response: { 200: DevToolsStatus, ...errorAnswers } } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { devTools: true as const };
  });
}
