// Money out (issue 53 item 1, decision 090): a withdrawal holds its amount at the request and goes back the way the
// money came, as refunds against the bidder's own top-ups (newest first, within the provider's window, never more than
// each brought in net of earlier refunds), with what no top-up can take as a payout to an IBAN that an operator marks
// paid or refuses. A refund that fails or a payout refused gives its amount back, once. Every change is decided on
// locked rows in one transaction; the HTTP routes, the webhooks and account deletion call these functions.
import {
  ibanProblem,
  compactIban,
  MIN_WITHDRAWAL_CENTS,
  type Language,
  type OperatorPayout,
  type Withdrawal,
  type WithdrawalStatus,
} from "../../contract";
import type { Database, Queryable } from "../db/database";
import { logOperatorAction } from "../audit/operator-actions";
import { Refusal } from "../refusal";
import { lockSpender } from "./spend-limits";
import { balanceCents, postLedgerEntry } from "./wallet.service";

/** How old a top-up may be and still be refunded: Stripe refunds card payments up to 180 days back. */
export const REFUND_WINDOW_DAYS = 180;
const DAY_MS = 24 * 3600 * 1000;

export type RefundProvider = "sandbox" | "stripe";

// What may leave

export type WithdrawableFunds = { balanceCents: number; heldCents: number; withdrawableCents: number };

/**
 * What the user may withdraw now: the balance less what wins awaiting payment hold (their final price). A Buy it now
 * is paid in the transaction that buys it, so none is ever pending. For account deletion and the wallet.
 */
export async function withdrawableFunds(q: Queryable, userId: string): Promise<WithdrawableFunds> {
  const balance = await balanceCents(q, userId);
  const [held] = await q.query<{ held: number | string | null }>(
    "select sum(price_cents) as held from fulfilments where user_id = $1 and state = 'AwaitingPayment'",
    [userId],
  );
  const heldCents = Number(held?.held ?? 0);
  return { balanceCents: balance, heldCents, withdrawableCents: Math.max(0, balance - heldCents) };
}

type RefundableTopUp = { id: string; left_cents: number; method: string | null; payment_intent: string | null };

/** The user's top-ups that refunds can still carry, newest first; locked when `lock` (the request decides on them). */
async function refundableTopUps(
  q: Queryable,
  userId: string,
  provider: RefundProvider,
  now: Date,
  lock = false,
): Promise<RefundableTopUp[]> {
  return q.query<RefundableTopUp>(
    `select id, amount_cents - refunded_cents as left_cents, method, payment_intent from payments
     where user_id = $1 and status = 'succeeded' and provider = $2 and settled_at > $3 and refunded_cents < amount_cents
       and (provider <> 'stripe' or payment_intent is not null)
     order by settled_at desc, id desc${lock ? " for update" : ""}`,
    [userId, provider, new Date(now.getTime() - REFUND_WINDOW_DAYS * DAY_MS)],
  );
}

/** How much refunds can carry now; above it a withdrawal needs an IBAN. */
export async function refundableCents(q: Queryable, userId: string, provider: RefundProvider, now: Date): Promise<number> {
  return (await refundableTopUps(q, userId, provider, now)).reduce((sum, topUp) => sum + topUp.left_cents, 0);
}

// Asking

/** Euros as typed ("8", "8.50", "8,5") to cents; anything else is refused as not an amount. */
export function withdrawalCents(amount: string | number): number {
  const text = typeof amount === "number" ? (Number.isFinite(amount) ? String(amount) : "") : amount.trim();
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(text)) throw new Refusal("WITHDRAWAL_AMOUNT_INVALID");
  const cents = Math.round(Number(text.replace(",", ".")) * 100);
  if (cents < MIN_WITHDRAWAL_CENTS) throw new Refusal("WITHDRAWAL_TOO_SMALL", { min: MIN_WITHDRAWAL_CENTS / 100 });
  return cents;
}

/** A payout's IBAN, compact; a Refusal naming what is wrong with it. */
export function payoutIban(text: string): string {
  const problem = ibanProblem(text);
  if (problem === "country") throw new Refusal("IBAN_COUNTRY");
  if (problem === "length") throw new Refusal("IBAN_LENGTH");
  if (problem === "checksum") throw new Refusal("IBAN_CHECKSUM");
  if (problem) throw new Refusal("IBAN_INVALID");
  return compactIban(text);
}

export type WithdrawalRequest = {
  userId: string;
  amount: string | number;
  iban?: string | undefined;
  provider: RefundProvider;
  language: Language;
  now: Date;
};

/** A refund the request planned, for the caller to ask the provider for once the transaction has committed. */
export type PlannedRefund = { partId: string; paymentId: string; amountCents: number; paymentIntent: string | null };

/** The provider's refund id, and its status when the provider already knows it (Stripe may answer succeeded at once). */
export type RefundStarted = { providerRef: string; outcome: "succeeded" | "failed" | null };

/** The payment provider's refunds, which a planned refund is asked of (payments/providers.ts provides them). */
export interface Refunds {
  createRefund(refund: PlannedRefund): Promise<RefundStarted>;
}

/**
 * The request: the user's row locked (one money-moving request of theirs at a time: enrolments, payments, other
 * withdrawals), the amount judged against what is withdrawable on it, the refunds planned on the locked top-ups, the
 * rest a payout to the IBAN, and the amount held by a `Withdrawal` entry. Refuses (changing nothing) otherwise.
 */
export async function requestWithdrawal(
  db: Database,
  input: WithdrawalRequest,
): Promise<{ withdrawalId: string; refunds: PlannedRefund[] }> {
  const amountCents = withdrawalCents(input.amount);
  const iban = input.iban?.trim() ? payoutIban(input.iban) : null;
  return db.transaction(async (tx) => {
    await lockSpender(tx, input.userId);
    const { withdrawableCents } = await withdrawableFunds(tx, input.userId);
    if (amountCents > withdrawableCents) throw new Refusal("WITHDRAWAL_TOO_LARGE", { withdrawableCents });

    const plan: { payment: RefundableTopUp; cents: number }[] = [];
    let left = amountCents;
    for (const payment of await refundableTopUps(tx, input.userId, input.provider, input.now, true)) {
      if (left === 0) break;
      const cents = Math.min(left, payment.left_cents);
      plan.push({ payment, cents });
      left -= cents;
    }
    if (left > 0 && !iban) throw new Refusal("IBAN_REQUIRED");

    const entry = await postLedgerEntry(tx, {
      userId: input.userId,
      type: "Withdrawal",
      amountCents: -amountCents,
      description: "Withdrawal",
    });
    const [withdrawal] = await tx.query<{ id: string }>(
      "insert into withdrawals (user_id, amount_cents, transaction_id, language, created_at) values ($1, $2, $3, $4, $5) returning id",
      [input.userId, amountCents, entry.id, input.language, input.now],
    );
    const withdrawalId = withdrawal!.id;
    const refunds: PlannedRefund[] = [];
    for (const { payment, cents } of plan) {
      // The check on payments (refunded within what came in) holds this too, should anything else ever refund.
      await tx.query("update payments set refunded_cents = refunded_cents + $2 where id = $1", [payment.id, cents]);
      const [part] = await tx.query<{ id: string }>(
        "insert into withdrawal_parts (withdrawal_id, kind, amount_cents, payment_id, created_at) values ($1, 'refund', $2, $3, $4) returning id",
        [withdrawalId, cents, payment.id, input.now],
      );
      refunds.push({ partId: part!.id, paymentId: payment.id, amountCents: cents, paymentIntent: payment.payment_intent });
    }
    if (left > 0) {
      await tx.query(
        "insert into withdrawal_parts (withdrawal_id, kind, amount_cents, iban, created_at) values ($1, 'payout', $2, $3, $4)",
        [withdrawalId, left, iban, input.now],
      );
    }
    return { withdrawalId, refunds };
  });
}

// Settling

/** What a settled part changed: whose wallet, and the withdrawal's status after it (not pending: it has finished). */
export type PartSettlement = { userId: string; withdrawalId: string; status: WithdrawalStatus } | null;

/**
 * Settles a pending part: a success only marks it; a failure gives its amount back (a `WithdrawalReturned` entry) and,
 * for a refund, frees that much of the top-up to be refunded again. The withdrawal's row is locked first, so parts
 * settling together each see the others. Null when the part is unknown or already settled (a replayed webhook).
 */
async function settlePart(
  tx: Queryable,
  part: { id: string; withdrawalId: string },
  outcome: "succeeded" | "failed",
  detail: { reason?: string | null; settledBy?: string | null; now: Date },
): Promise<PartSettlement> {
  const [withdrawal] = await tx.query<{ user_id: string }>("select user_id from withdrawals where id = $1 for update", [part.withdrawalId]);
  if (!withdrawal) return null;
  const [settled] = await tx.query<{ kind: "refund" | "payout"; amount_cents: number; payment_id: string | null }>(
    "select kind, amount_cents, payment_id from withdrawal_parts where id = $1 and withdrawal_id = $2 and status = 'pending' for update",
    [part.id, part.withdrawalId],
  );
  if (!settled) return null;
  let returnId: number | null = null;
  if (outcome === "failed") {
    const entry = await postLedgerEntry(tx, {
      userId: withdrawal.user_id,
      type: "WithdrawalReturned",
      amountCents: settled.amount_cents,
      description: settled.kind === "refund" ? "Withdrawal returned: the refund failed" : "Withdrawal returned: the payout was refused",
    });
    returnId = entry.id;
    if (settled.payment_id)
      await tx.query("update payments set refunded_cents = refunded_cents - $2 where id = $1", [settled.payment_id, settled.amount_cents]);
  }
  await tx.query(
    `update withdrawal_parts set status = $2, reason = $3, settled_by = $4, settled_at = $5, return_transaction_id = $6
     where id = $1 and status = 'pending'`,
    [part.id, outcome, detail.reason ?? null, detail.settledBy ?? null, detail.now, returnId],
  );
  const [after] = await tx.query<{ status: WithdrawalStatus }>(
    `update withdrawals w set status = s.status, settled_at = case when s.status = 'pending' then null else $2::timestamptz end
     from (select case when bool_or(status = 'pending') then 'pending'
                       when bool_and(status = 'failed') then 'returned'
                       when bool_or(status = 'failed') then 'partlyReturned'
                       else 'completed' end as status
           from withdrawal_parts where withdrawal_id = $1) s
     where w.id = $1 returning w.status`,
    [part.withdrawalId, detail.now],
  );
  return { userId: withdrawal.user_id, withdrawalId: part.withdrawalId, status: after!.status };
}

/** The provider's word on a refund, named by our part id or by the provider's refund id; null when nothing changed. */
export async function settleRefund(
  db: Database,
  refund: { partId: string } | { providerRef: string },
  outcome: "succeeded" | "failed",
  now: Date,
  reason: string | null = null,
): Promise<PartSettlement> {
  return db.transaction(async (tx) => {
    const [part] =
      "partId" in refund
        ? await tx.query<{ id: string; withdrawal_id: string }>(
            "select id, withdrawal_id from withdrawal_parts where id = $1 and kind = 'refund'",
            [refund.partId],
          )
        : await tx.query<{ id: string; withdrawal_id: string }>(
            "select id, withdrawal_id from withdrawal_parts where provider_ref = $1 and kind = 'refund'",
            [refund.providerRef],
          );
    if (!part) return null;
    return settlePart(tx, { id: part.id, withdrawalId: part.withdrawal_id }, outcome, { reason, now });
  });
}

export async function attachRefundRef(db: Queryable, partId: string, providerRef: string): Promise<void> {
  await db.query("update withdrawal_parts set provider_ref = $2 where id = $1", [partId, providerRef]);
}

/** An operator marks a payout paid, or refuses it with a reason (which gives the amount back); audit-logged. */
export async function settlePayout(
  db: Database,
  input: { payoutId: string; outcome: "paid" | "refused"; reason?: string | undefined; actor: string; now: Date },
): Promise<PartSettlement> {
  const reason = input.outcome === "refused" ? (input.reason ?? "").trim() : null;
  if (input.outcome === "refused" && !reason) throw new Refusal("PAYOUT_REASON_REQUIRED");
  return db.transaction(async (tx) => {
    const [part] = await tx.query<{ withdrawal_id: string; status: string; amount_cents: number }>(
      "select withdrawal_id, status, amount_cents from withdrawal_parts where id = $1 and kind = 'payout'",
      [input.payoutId],
    );
    if (!part) throw new Refusal("NOT_FOUND", "There is no such payout.");
    const settled = await settlePart(
      tx,
      { id: input.payoutId, withdrawalId: part.withdrawal_id },
      input.outcome === "paid" ? "succeeded" : "failed",
      {
        reason,
        settledBy: input.actor,
        now: input.now,
      },
    );
    if (!settled) throw new Refusal("CONFLICT", "This payout has already been settled.");
    await logOperatorAction(tx, input.actor, `payout.${input.outcome}`, `user:${settled.userId}`, {
      payoutId: input.payoutId,
      withdrawalId: part.withdrawal_id,
      amountCents: part.amount_cents,
      ...(reason ? { reason } : {}),
    });
    return settled;
  });
}

// Reading

/** An IBAN as the bidder's own list shows it: the country, the check digits and the last four. */
const maskedIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

type PartRow = {
  id: string;
  withdrawal_id: string;
  kind: "refund" | "payout";
  amount_cents: number;
  status: "pending" | "succeeded" | "failed";
  iban: string | null;
  method: string | null;
  reason: string | null;
};

/** The user's withdrawals, newest first, each with its parts. */
export async function listWithdrawals(q: Queryable, userId: string, limit = 20): Promise<Withdrawal[]> {
  const withdrawals = await q.query<{ id: string; amount_cents: number; status: WithdrawalStatus; created_at: Date }>(
    "select id, amount_cents, status, created_at from withdrawals where user_id = $1 order by created_at desc, id desc limit $2",
    [userId, limit],
  );
  const parts = await q.query<PartRow>(
    `select p.id, p.withdrawal_id, p.kind, p.amount_cents, p.status, p.iban, m.method, p.reason
     from withdrawal_parts p left join payments m on m.id = p.payment_id
     where p.withdrawal_id = any($1::uuid[]) order by p.kind desc, p.created_at, p.id`,
    [withdrawals.map((w) => w.id)],
  );
  return withdrawals.map((w) => ({
    id: w.id,
    amountCents: w.amount_cents,
    status: w.status,
    createdAt: w.created_at.toISOString(),
    parts: parts
      .filter((p) => p.withdrawal_id === w.id)
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        amountCents: p.amount_cents,
        status: p.status,
        destination: p.kind === "payout" ? maskedIban(p.iban ?? "") : p.method === "bank" ? "bank" : "card",
        reason: p.reason,
      })),
  }));
}

/** The refunds of one of the user's withdrawals still waiting for the provider: what the sandbox's refund page shows. */
export async function pendingRefundsOf(q: Queryable, userId: string, withdrawalId: string) {
  return q.query<{ id: string; amount_cents: number; method: string | null; language: Language }>(
    `select p.id, p.amount_cents, m.method, w.language from withdrawal_parts p
     join withdrawals w on w.id = p.withdrawal_id join payments m on m.id = p.payment_id
     where w.id = $1 and w.user_id = $2 and p.kind = 'refund' and p.status = 'pending' and m.provider = 'sandbox'
     order by p.created_at, p.id`,
    [withdrawalId, userId],
  );
}

/** The back office's payout queue: those waiting, oldest first, or the settled ones, newest first. */
export async function listPayouts(q: Queryable, status: "pending" | "settled"): Promise<OperatorPayout[]> {
  const rows = await q.query<{
    id: string;
    withdrawal_id: string;
    user_id: string;
    display_name: string;
    email: string;
    amount_cents: number;
    iban: string;
    status: "pending" | "succeeded" | "failed";
    reason: string | null;
    created_at: Date;
    settled_at: Date | null;
    settled_by: string | null;
  }>(
    `select p.id, p.withdrawal_id, w.user_id, u.display_name, u.email, p.amount_cents, p.iban, p.status, p.reason, p.created_at, p.settled_at, p.settled_by
     from withdrawal_parts p join withdrawals w on w.id = p.withdrawal_id join users u on u.id = w.user_id
     where p.kind = 'payout' and (p.status = 'pending') = ($1 = 'pending')
     order by case when $1 = 'pending' then p.created_at end asc, p.settled_at desc nulls last, p.id
     limit 200`,
    [status],
  );
  return rows.map((row) => ({
    id: row.id,
    withdrawalId: row.withdrawal_id,
    user: { id: row.user_id, displayName: row.display_name, email: row.email },
    amountCents: row.amount_cents,
    iban: row.iban,
    status: row.status,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
    settledBy: row.settled_by,
  }));
}

/** Who to tell about a withdrawal, in the language it was asked in. */
export async function withdrawalRecipient(q: Queryable, withdrawalId: string) {
  const [row] = await q.query<{
    email: string;
    display_name: string;
    language: Language;
    amount_cents: number;
    status: WithdrawalStatus;
    returned_cents: number | string | null;
  }>(
    `select u.email, u.display_name, w.language, w.amount_cents, w.status,
            (select sum(amount_cents) from withdrawal_parts where withdrawal_id = w.id and status = 'failed') as returned_cents
     from withdrawals w join users u on u.id = w.user_id where w.id = $1`,
    [withdrawalId],
  );
  return row ? { ...row, returned_cents: Number(row.returned_cents ?? 0) } : null;
}
