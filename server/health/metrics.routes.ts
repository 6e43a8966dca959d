// GET /metrics: the process's metrics in Prometheus's text format, for a scraper that sends METRICS_TOKEN as a bearer
// token (decision 087). Without METRICS_TOKEN the endpoint is off (404, never the SPA's page); a wrong or missing token
// is refused (401) before anything is read.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { errorBody } from "../http/errors";
import { registry } from "../metrics/metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

export async function metricsRoutes(app: FastifyInstance, options: { token: string | undefined }): Promise<void> {
  const { token } = options;
  const expected = token ? digest(token) : undefined;
  app.get("/metrics", { config: { readsSession: false } }, async (request, reply) => {
    if (!expected) return reply.status(404).send(errorBody("NOT_FOUND", "Not found."));
    const [scheme, given] = (request.headers.authorization ?? "").split(" ");
    // Compared as digests, in constant time: the answer's timing tells nothing of the token.
    if (scheme !== "Bearer" || !given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header("WWW-Authenticate", 'Bearer realm="metrics"')
        .send(errorBody("UNAUTHENTICATED", "Send the metrics token."));
    }
    return reply
      .header("Content-Type", registry.contentType)
      .header("Cache-Control", "no-store")
      .send(await registry.metrics());
  });
}
