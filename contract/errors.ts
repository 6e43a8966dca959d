// Errors travel as values: a stable code the SPA maps to a translated message (locales `errors.<code>`),
// plus an English message for logs and for clients that do not translate.
import { z } from "./zod";
import { auctionErrorMessages, type AuctionErrorCode } from "./auctions";
import { buyNowErrorMessages, type BuyNowErrorCode } from "./buy-now";
import { fulfilmentErrorMessages, type FulfilmentErrorCode } from "./fulfilment";
import { imageErrorMessages, type ImageErrorCode } from "./images";
import { spendLimitErrorMessages, type SpendLimitErrorCode } from "./spend-limits";
import { withdrawalErrorMessages, type WithdrawalErrorCode } from "./withdrawals";
import { personalDataErrorMessages, type PersonalDataErrorCode } from "./personal-data";
import { reviewErrorMessages, type ReviewErrorCode } from "./reviews";

export const errorCodes = [
  "BAD_REQUEST",
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CSRF_HEADER_MISSING",
  "RATE_LIMITED",
  "INTERNAL",
  /** The database cannot be reached or cannot answer in time (an outage): come back after Retry-After. */
  "SERVICE_UNAVAILABLE",
  "WRONG_CREDENTIALS",
  "EMAIL_NOT_CONFIRMED",
  "TOKEN_INVALID",
  "WRONG_CURRENT_PASSWORD",
  /** The thing exists but is in a state that does not allow the change (e.g. canceling a running auction). */
  "CONFLICT",
  /** An operator's action named the auction as it was (its `seq`), and it has changed since: nothing was done. */
  "AUCTION_CHANGED",
  /** Too much of a costly kind of work (password hashing) is under way for everyone: come back after Retry-After. */
  "SERVER_BUSY",
  /** A socket spent its command budget: refused until the budget refills (decision 078). */
  "COMMANDS_TOO_FAST",
  /** A socket follows as many auctions and lists as one may; it must leave one first (decision 078). */
  "TOO_MANY_SUBSCRIPTIONS",
] as const;

export const ErrorCode = z.enum([
  ...errorCodes,
  ...(Object.keys(auctionErrorMessages) as AuctionErrorCode[]),
  ...(Object.keys(fulfilmentErrorMessages) as FulfilmentErrorCode[]),
  ...(Object.keys(spendLimitErrorMessages) as SpendLimitErrorCode[]),
  ...(Object.keys(buyNowErrorMessages) as BuyNowErrorCode[]),
  ...(Object.keys(imageErrorMessages) as ImageErrorCode[]),
  ...(Object.keys(withdrawalErrorMessages) as WithdrawalErrorCode[]),
  ...(Object.keys(personalDataErrorMessages) as PersonalDataErrorCode[]),
  ...(Object.keys(reviewErrorMessages) as ReviewErrorCode[]),
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const FieldIssue = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

export const ApiErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    issues: z.array(FieldIssue).optional(),
    /** The figures the message names (`{{limit}}`, `resetsAt` in ms since the epoch), for clients that translate it. */
    values: z.record(z.string(), z.number()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
