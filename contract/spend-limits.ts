// Spend limits and a self-chosen pause (issue 20 item 1, decision 033): what the profile sets and the wallet shows.
import { z } from "./zod";

/** The highest monthly limit one may set (€100,000); above it a limit means nothing and is refused as absurd. */
export const MAX_SPEND_LIMIT_CENTS = 10_000_000;
/** A raise waits this long before it applies; a lowering applies at once. */
export const LIMIT_RAISE_DELAY_HOURS = 24;
export { SPEND_MONTH_TIME_ZONE } from "./constants";

export const pauseLengths = ["24h", "7d", "30d"] as const;
export const PauseLength = z.enum(pauseLengths);
export type PauseLength = z.infer<typeof PauseLength>;
export const PAUSE_LENGTH_HOURS: Record<PauseLength, number> = { "24h": 24, "7d": 7 * 24, "30d": 30 * 24 };

/**
 * Refusals of the spend limits and the pause. The figures travel in the error's values: `limitCents`, `leftCents`,
 * `resetsAt` (ms since the epoch) for a limit; `until` (ms) for a pause.
 */
export const spendLimitErrorMessages = {
  AUCTION_SPEND_LIMIT: "This would cross your monthly limit on auction spending.",
  TOP_UP_LIMIT: "This would cross your monthly limit on top-ups.",
  SELF_PAUSED: "You have paused your account: enrolment, bidding and top-ups are blocked until the pause ends.",
  PAUSE_CANNOT_BE_SHORTENED: "A pause cannot be lifted or shortened before it ends.",
} as const;
export type SpendLimitErrorCode = keyof typeof spendLimitErrorMessages;

/** A limit in cents, or null for none. */
const LimitCents = z.number().int().min(0).max(MAX_SPEND_LIMIT_CENTS).nullable();

/** PUT /api/spend-limits: both limits at once; a lower one applies now, a higher one after 24 hours. */
export const SetSpendLimitsBody = z.object({ auctionLimitCents: LimitCents, topUpLimitCents: LimitCents }).strict();
export type SetSpendLimitsBody = z.infer<typeof SetSpendLimitsBody>;

/** POST /api/spend-limits/pause. */
export const StartPauseBody = z.object({ length: PauseLength }).strict();
export type StartPauseBody = z.infer<typeof StartPauseBody>;

/** One limit as it stands: the limit in force, this month's spending against it, and a raise still waiting. */
export const SpendLimitView = z.object({
  limitCents: z.number().int().nullable(),
  spentCents: z.number().int(),
  /** What may still be spent this month; null without a limit. */
  leftCents: z.number().int().nullable(),
  pending: z.object({ limitCents: z.number().int().nullable(), appliesAt: z.string() }).nullable(),
});
export type SpendLimitView = z.infer<typeof SpendLimitView>;

/** GET /api/spend-limits (and the answer of both changes). */
export const SpendLimitsResponse = z.object({
  auction: SpendLimitView,
  topUp: SpendLimitView,
  pausedUntil: z.string().nullable(),
  /** When this month's spending starts again from zero. */
  resetsAt: z.string(),
});
export type SpendLimitsResponse = z.infer<typeof SpendLimitsResponse>;

/** A limit as the profile form takes it: euros as typed ("50", "49,99"), empty for none; cents or null after. */
const EuroLimitField = z
  .string()
  .trim()
  .refine((text) => text === "" || /^\d{1,9}([.,]\d{1,2})?$/.test(text), "limits.validation.amount")
  .transform((text) => (text === "" ? null : Math.round(Number(text.replace(",", ".")) * 100)))
  .refine((cents) => cents === null || cents <= MAX_SPEND_LIMIT_CENTS, "limits.validation.tooLarge");

/** The profile's limits form: both fields in euros, sent as SetSpendLimitsBody. */
export const SpendLimitsForm = z
  .object({ auctionLimit: EuroLimitField, topUpLimit: EuroLimitField })
  .transform((form): SetSpendLimitsBody => ({ auctionLimitCents: form.auctionLimit, topUpLimitCents: form.topUpLimit }));
export type SpendLimitsFormFields = z.input<typeof SpendLimitsForm>;

/** The profile's pause form: a length from the list, and the bidder's word that they know it cannot be lifted. */
export const PauseForm = z.object({ length: PauseLength, isUnderstood: z.literal(true, "limits.pause.confirmRequired") });
export type PauseFormFields = z.input<typeof PauseForm>;
