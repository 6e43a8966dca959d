// Money out (issue 53 item 1, decision 090) and the monthly statement (item 6, decision 091).
import { text } from "./input";
import { z } from "./zod";

/** The least a bidder may withdraw at once. */
export const MIN_WITHDRAWAL_CENTS = 100;

export const withdrawalErrorMessages = {
  WITHDRAWAL_AMOUNT_INVALID: "Enter the amount in euros, like 8 or 8.50.",
  WITHDRAWAL_TOO_SMALL: "You can withdraw €{{min}} or more.",
  WITHDRAWAL_TOO_LARGE: "You can withdraw at most what is free in your wallet.",
  IBAN_REQUIRED: "Part of this amount can only be paid to a bank account: enter your IBAN.",
  IBAN_INVALID: "This is not a valid IBAN.",
  IBAN_COUNTRY: "We cannot pay to bank accounts in that country.",
  IBAN_LENGTH: "An IBAN of that country has a different number of characters.",
  IBAN_CHECKSUM: "This IBAN's check digits do not match: please check it for a typo.",
  PAYOUT_REASON_REQUIRED: "Say why the payout is refused.",
} as const;
export type WithdrawalErrorCode = keyof typeof withdrawalErrorMessages;

/** POST /api/withdrawals: the amount as the bidder typed it (the server reads it), and an IBAN when a payout is needed. */
export const CreateWithdrawalBody = z.object({ amount: z.union([text().max(32), z.number()]), iban: text().max(64).optional() }).strict();
export type CreateWithdrawalBody = z.infer<typeof CreateWithdrawalBody>;

export const withdrawalStatuses = ["pending", "completed", "partlyReturned", "returned"] as const;
export const WithdrawalStatus = z.enum(withdrawalStatuses);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const withdrawalPartStatuses = ["pending", "succeeded", "failed"] as const;

/** One way the money goes: a refund to a top-up's card or bank, or a payout to the IBAN the bidder gave. */
export const WithdrawalPart = z.object({
  id: z.string(),
  kind: z.enum(["refund", "payout"]),
  amountCents: z.number().int(),
  status: z.enum(withdrawalPartStatuses),
  /** A refund: how the top-up was paid. A payout: the IBAN, its middle hidden. */
  destination: z.string(),
  /** Why a payout was refused or a refund failed, when it was. */
  reason: z.string().nullable(),
});
export type WithdrawalPart = z.infer<typeof WithdrawalPart>;

export const Withdrawal = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: WithdrawalStatus,
  createdAt: z.string(),
  parts: z.array(WithdrawalPart),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

/** GET /api/withdrawals: what may be withdrawn now, how much of it refunds can carry, and recent withdrawals. */
export const WithdrawalsResponse = z.object({
  /** The balance less what a win awaiting payment holds. */
  withdrawableCents: z.number().int(),
  /** What is held for wins awaiting payment. */
  heldCents: z.number().int(),
  /** How much refunds to the bidder's own top-ups can carry; above it, a payout to an IBAN. */
  refundableCents: z.number().int(),
  items: z.array(Withdrawal),
});
export type WithdrawalsResponse = z.infer<typeof WithdrawalsResponse>;

/** The answer to a new withdrawal: it, and in the sandbox the provider's page where its refunds are shown and settled. */
export const CreateWithdrawalResponse = z.object({ withdrawal: Withdrawal, sandboxUrl: z.string().nullable() });
export type CreateWithdrawalResponse = z.infer<typeof CreateWithdrawalResponse>;

/** One month of the statement, signed as the ledger is (money in positive), in cents. */
export const StatementMonth = z.object({
  /** "2026-12": the month in Riga. */
  month: z.string(),
  topUpsCents: z.number().int(),
  withdrawalsCents: z.number().int(),
  feesCents: z.number().int(),
  paymentsCents: z.number().int(),
  refundsCents: z.number().int(),
  adjustmentsCents: z.number().int(),
  netCents: z.number().int(),
});
export type StatementMonth = z.infer<typeof StatementMonth>;

/** GET /api/user-wallet/statement: the last twelve months, newest first. */
export const StatementResponse = z.object({ months: z.array(StatementMonth) });
export type StatementResponse = z.infer<typeof StatementResponse>;

// The back office's payout queue.

export const PayoutIdParams = z.object({ payoutId: z.uuid() });

export const OperatorPayout = z.object({
  id: z.string(),
  withdrawalId: z.string(),
  user: z.object({ id: z.string(), displayName: z.string(), email: z.string() }),
  amountCents: z.number().int(),
  iban: z.string(),
  status: z.enum(withdrawalPartStatuses),
  reason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  settledBy: z.string().nullable(),
});
export type OperatorPayout = z.infer<typeof OperatorPayout>;

export const PayoutsQuery = z.object({ status: z.enum(["pending", "settled"]).default("pending") });
export const OperatorPayoutList = z.object({ items: z.array(OperatorPayout) });
export type OperatorPayoutList = z.infer<typeof OperatorPayoutList>;

/** Mark a payout paid, or refuse it with a reason the bidder is told. */
export const SettlePayoutBody = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("paid") }).strict(),
  z.object({ outcome: z.literal("refused"), reason: text().trim().max(500) }).strict(),
]);
export type SettlePayoutBody = z.infer<typeof SettlePayoutBody>;

/** The sandbox refund page's form and its signed confirmation. */
export const SandboxRefundForm = z.object({ action: z.enum(["settle", "fail"]) });
export const SandboxRefundEvent = z.object({ refundId: z.uuid(), outcome: z.enum(["succeeded", "failed"]) });
export type SandboxRefundEvent = z.infer<typeof SandboxRefundEvent>;
