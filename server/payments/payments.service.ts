// Top-ups: a payment is recorded pending when created and settled once, by the provider's confirmation.
// Settling is one UPDATE from 'pending', so replays, races and late messages credit the wallet at most once.
import { MAX_TOP_UP_CENTS, MIN_TOP_UP_CENTS, type Language, type PaymentView } from "../../contract";
import type { Database } from "../db/database";
import { assertTopUp } from "../wallet/spend-limits";
import { postLedgerEntry } from "../wallet/wallet.service";

export type PaymentOutcome = "succeeded" | "failed" | "canceled";

/** Euros as typed (at most two decimals, within the limits) to cents; a translatable reason otherwise. */
export function topUpCents(amount: number): { cents: number } | { reasonKey: string } {
  if (!Number.isFinite(amount)) return { reasonKey: "payments.errors.invalidAmount" };
  const cents = Math.round(amount * 100);
  if (Math.abs(cents - amount * 100) > 1e-6) return { reasonKey: "payments.errors.twoDecimals" };
  if (cents < MIN_TOP_UP_CENTS) return { reasonKey: "payments.errors.tooSmall" };
  if (cents > MAX_TOP_UP_CENTS) return { reasonKey: "payments.errors.tooLarge" };
  return { cents };
}

/**
 * Records a pending top-up, refused (a Refusal, nothing written) while the user's pause runs or when it would take the
 * month's top-ups over their limit: pending ones count until they fail, so racing requests cannot cross it together.
 */
export async function createPendingPayment(
  db: Database,
  input: { userId: string; amountCents: number; provider: "sandbox" | "stripe"; language: Language; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    await assertTopUp(tx, input.userId, input.amountCents, now);
    const [row] = await tx.query<{ id: string }>(
      "insert into payments (user_id, amount_cents, provider, language, created_at) values ($1, $2, $3, $4, $5) returning id",
      [input.userId, input.amountCents, input.provider, input.language, now],
    );
    if (!row) throw new Error("payment insert returned nothing");
    return row.id;
  });
}

/** One of the user's payments as the SPA reads it back after checkout; null for another's or an unknown one. */
export async function findPayment(db: Database, userId: string, paymentId: string): Promise<PaymentView | null> {
  const [payment] = await db.query<{ id: string; amount_cents: number; status: PaymentView["status"]; created_at: Date }>(
    "select id, amount_cents, status, created_at from payments where id = $1 and user_id = $2",
    [paymentId, userId],
  );
  return payment
    ? { id: payment.id, amount: payment.amount_cents / 100, status: payment.status, createdAt: payment.created_at.toISOString() }
    : null;
}

/** The caller's own sandbox payment, for the sandbox checkout page; null for another's or an unknown one. */
export async function findSandboxPayment(
  db: Database,
  userId: string,
  paymentId: string,
): Promise<{ id: string; amount_cents: number; status: string; language: Language } | null> {
  const [payment] = await db.query<{ id: string; amount_cents: number; status: string; language: Language }>(
    "select id, amount_cents, status, language from payments where id = $1 and provider = 'sandbox' and user_id = $2",
    [paymentId, userId],
  );
  return payment ?? null;
}

export async function attachProviderRef(db: Database, paymentId: string, providerRef: string): Promise<void> {
  await db.query("update payments set provider_ref = $2 where id = $1", [paymentId, providerRef]);
}

export type Settlement = { userId: string; amountCents: number; outcome: PaymentOutcome } | null;

/** Settles a pending payment; a success credits the wallet in the same transaction. Null when already settled. */
export async function settlePayment(
  db: Database,
  paymentId: string,
  outcome: PaymentOutcome,
  method?: "card" | "bank",
  /** Stripe's PaymentIntent, which a later refund names (decision 090). */
  paymentIntent?: string | null,
): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.query<{ user_id: string; amount_cents: number }>(
      `update payments set status = $2, method = coalesce($3, method), payment_intent = coalesce($4, payment_intent), settled_at = now()
       where id = $1 and status = 'pending' returning user_id, amount_cents`,
      [paymentId, outcome, method ?? null, paymentIntent ?? null],
    );
    if (!payment) return null;
    if (outcome === "succeeded") {
      const entry = await postLedgerEntry(tx, {
        userId: payment.user_id,
        type: "Payment",
        amountCents: payment.amount_cents,
        description: method === "bank" ? "Top-up by online banking" : "Top-up by card",
        source: method === "bank" ? "bank" : "card",
      });
      await tx.query("update payments set transaction_id = $2 where id = $1", [paymentId, entry.id]);
    }
    return { userId: payment.user_id, amountCents: payment.amount_cents, outcome };
  });
}
