// Top-ups (SPEC.md §3, §7): POST /api/payments and what the payment pages read back.
import { z } from "./zod";
import { Language } from "./i18n";
import { wholeNumberParam } from "./input";

export { MAX_TOP_UP_CENTS, MIN_TOP_UP_CENTS } from "./constants";

/** The amount is euros as SPEC.md shows it; the server checks it (and answers isSuccess false), not the schema. */
export const CreatePaymentBody = z.object({ amount: z.number(), language: Language.default("lv") });
export type CreatePaymentBody = z.input<typeof CreatePaymentBody>;

export const CreatePaymentResponse = z.object({
  isSuccess: z.boolean(),
  checkoutUrl: z.string().nullable(),
  payment: z.object({ id: z.string() }).nullable(),
  errorMessage: z.string().nullable(),
});
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponse>;

export const paymentStatuses = ["pending", "succeeded", "failed", "canceled"] as const;
export const PaymentStatus = z.enum(paymentStatuses);

export const PaymentView = z.object({
  id: z.string(),
  amount: z.number(),
  status: PaymentStatus,
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof PaymentView>;

/**
 * SPEC.md's three types, plus refunds of canceled auctions' fees, operators' adjustments, Buy it now payments (decision
 * 034), and withdrawals with the returns of what could not be paid out (decision 090).
 */
export const transactionTypes = [
  "Payment",
  "AuctionEnrollment",
  "AuctionPayment",
  "Refund",
  "Adjustment",
  "BuyItNow",
  "Withdrawal",
  "WithdrawalReturned",
] as const;
export type TransactionType = (typeof transactionTypes)[number];
export const WalletTransaction = z.object({
  id: z.number().int(),
  amount: z.number(),
  description: z.string(),
  createdAt: z.string(),
  type: z.enum(transactionTypes),
  auction: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type WalletTransaction = z.infer<typeof WalletTransaction>;

export const TransactionsQuery = z.object({ page: wholeNumberParam(1, 10_000).default(1) });
export const TransactionsResponse = z.object({
  items: z.array(WalletTransaction),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

export const PaymentIdParams = z.object({ paymentId: z.uuid() });

/** The sandbox checkout page's form: which button, and which way of paying. */
export const SandboxCheckoutForm = z.object({
  action: z.enum(["pay", "decline", "cancel"]),
  method: z.enum(["card", "bank"]).default("card"),
});

/** The provider's confirmation, as the sandbox signs and sends it (Stripe's has its own shape). */
export const SandboxWebhookEvent = z.object({
  paymentId: z.uuid(),
  outcome: z.enum(["succeeded", "failed", "canceled"]),
  method: z.enum(["card", "bank"]).optional(),
});
export type SandboxWebhookEvent = z.infer<typeof SandboxWebhookEvent>;
