// Reality checks (issue 53 item 5, decision 095): every 30, 60 or 120 minutes of a session's play, how long it has
// lasted and what it has cost, as the server counts them.
import { z } from "./zod";

export const realityCheckIntervals = [30, 60, 120] as const;
export const DEFAULT_REALITY_CHECK_MINUTES = 60;
/** A session without a request for this long has had a break: its next request starts a new stretch of play. */
export const REALITY_CHECK_BREAK_MINUTES = 30;

export const RealityCheckMinutes = z.literal(realityCheckIntervals, { error: "realityCheck.errors.interval" });
export type RealityCheckMinutes = z.infer<typeof RealityCheckMinutes>;

/** PUT /api/reality-check/interval. */
export const SetRealityCheckIntervalBody = z.object({ intervalMinutes: RealityCheckMinutes }).strict();
export type SetRealityCheckIntervalBody = z.infer<typeof SetRealityCheckIntervalBody>;

/** GET /api/reality-check, and the answer of POST /api/reality-check/continue and of the interval's change. */
export const RealityCheckView = z.object({
  intervalMinutes: RealityCheckMinutes,
  /** When this session's stretch of play began (sign-in, or the first request after a break). */
  startedAt: z.string(),
  /** When a check was last answered in this stretch; null before the first. */
  checkedAt: z.string().nullable(),
  /** How long the stretch has lasted, by the server's clock. */
  elapsedSeconds: z.number().int().min(0),
  /** Since the last check was answered (or the stretch began): the next is due at `intervalMinutes` × 60. */
  sinceCheckSeconds: z.number().int().min(0),
  /** Entry fees, payments for wins and Buy it now during the stretch, less refunds: from the ledger. */
  costCents: z.number().int(),
});
export type RealityCheckView = z.infer<typeof RealityCheckView>;
