import { z } from "./zod";

export const HealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "unavailable"]),
  serverNow: z.number().int(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/health/live: the process answers (a process manager restarts one that does not). */
export const LivenessResponse = z.object({ status: z.literal("ok") });
export type LivenessResponse = z.infer<typeof LivenessResponse>;

/**
 * GET /api/health/ready: whether this process should be sent traffic: its database answers, its Redis (when set) is
 * connected, and it is not draining. 200 when ready, 503 when not.
 */
export const ReadinessResponse = z.object({
  ready: z.boolean(),
  database: z.enum(["ok", "unavailable"]),
  redis: z.enum(["ok", "unavailable", "off"]),
  draining: z.boolean(),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
