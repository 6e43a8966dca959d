// The wallet ledger. A balance moves only through `postLedgerEntry`, inside the caller's transaction.
import type { Language, TransactionType, WalletTransaction } from "../../contract";
import { titleIn } from "../auction-texts";
import type { Queryable } from "../db/database";
import { translatorFor } from "../i18n";

/** Where a top-up's money came from (decision 084). */
export type TopUpSource = "card" | "bank" | "demo";

/**
 * A ledger entry: its facts (type, auction, a top-up's source, a payment's promo code), from which its line is written
 * in the reader's language, and `description`, the English record kept with it (an adjustment's reason is only that).
 */
export type LedgerEntry = {
  userId: string;
  type: TransactionType;
  amountCents: number;
  description: string;
  auctionId?: number | null;
  source?: TopUpSource | null;
  promoCode?: string | null;
};

/** An entry as the ledger wrote it, with the wallet's balance just after it. */
export type PostedLedgerEntry = LedgerEntry & { id: number; createdAt: Date; balanceCents: number };

export class InsufficientFundsError extends Error {
  constructor() {
    super("Not enough funds in your wallet!");
  }
}

export async function balanceCents(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ balance_cents: number }>("select balance_cents from wallets where user_id = $1", [userId]);
  return row?.balance_cents ?? 0;
}

/**
 * Appends an entry and moves the balance with it; refuses (changing nothing) what would go below zero. Returns the
 * entry it wrote, so callers that keep its id (a payment, a fulfilment) never read it back.
 */
export async function postLedgerEntry(tx: Queryable, entry: LedgerEntry): Promise<PostedLedgerEntry> {
  if (!Number.isInteger(entry.amountCents) || entry.amountCents === 0) throw new Error("amount must be a non-zero integer of cents");
  await tx.query("insert into wallets (user_id) values ($1) on conflict (user_id) do nothing", [entry.userId]);
  const [moved] = await tx.query<{ balance_cents: number }>(
    `update wallets set balance_cents = balance_cents + $2, updated_at = now()
     where user_id = $1 and balance_cents + $2 >= 0 returning balance_cents`,
    [entry.userId, entry.amountCents],
  );
  if (!moved) throw new InsufficientFundsError();
  const [written] = await tx.query<{ id: number; created_at: Date }>(
    `insert into wallet_transactions (user_id, type, amount_cents, description, auction_id, source, promo_code)
     values ($1, $2, $3, $4, $5, $6, $7) returning id, created_at`,
    [
      entry.userId,
      entry.type,
      entry.amountCents,
      entry.description,
      entry.auctionId ?? null,
      entry.source ?? null,
      entry.promoCode ?? null,
    ],
  );
  if (!written) throw new Error("ledger insert returned nothing");
  return { ...entry, id: written.id, createdAt: written.created_at, balanceCents: moved.balance_cents };
}

type LedgerRow = {
  id: number;
  amount_cents: number;
  description: string;
  created_at: Date;
  type: TransactionType;
  auction_id: number | null;
  source: TopUpSource | null;
  promo_code: string | null;
  title: string | null;
  /** A Refund at an auction's end: the share of the fee that came back to a loser (fees back, decision 103). */
  fee_back_percent?: number | null;
};

/**
 * An entry's line in `language`, from its facts: a top-up by how it was paid, an auction's entry by its kind and the
 * auction's title in that language (falling back in SPEC.md's order), a payment with the code it redeemed. What its
 * facts do not say (an operator's adjustment, an old top-up of unknown source) is its stored description.
 */
export function ledgerLine(
  row: Pick<LedgerRow, "type" | "description" | "source" | "promo_code" | "title" | "fee_back_percent">,
  language: Language,
): string {
  const t = translatorFor(language);
  if (row.type === "Payment") return row.source ? t(`ledger.topUp.${row.source}`) : row.description;
  if (row.type === "Withdrawal") return t("withdraw.ledger.Withdrawal");
  if (row.type === "WithdrawalReturned") return t("withdraw.ledger.WithdrawalReturned");
  if (row.type === "Adjustment" || row.title === null) return row.description;
  if (row.type === "Refund" && row.fee_back_percent) return t("feesBack.ledger", { title: row.title, percent: row.fee_back_percent });
  const line = t(`ledger.${row.type}`, { title: row.title });
  return row.promo_code ? t("ledger.withPromoCode", { line, code: row.promo_code }) : line;
}

/** A page of the user's ledger, newest first, each line and auction title in `language`. */
export async function listTransactions(
  db: Queryable,
  userId: string,
  page: { limit: number; offset: number },
  language: Language,
): Promise<{ items: WalletTransaction[]; total: number }> {
  const rows = await db.query<LedgerRow>(
    `select t.id, t.amount_cents, t.description, t.created_at, t.type, t.auction_id, t.source, t.promo_code,
            case when a.id is null then null else ${titleIn(language)} end as title,
            case when t.type = 'Refund' and a.status = 'Ended' then a.fee_back_percent end as fee_back_percent
     from wallet_transactions t left join auctions a on a.id = t.auction_id
     where t.user_id = $1 order by t.created_at desc, t.id desc limit $2 offset $3`,
    [userId, page.limit, page.offset],
  );
  const [count] = await db.query<{ n: number }>("select count(*) as n from wallet_transactions where user_id = $1", [userId]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      amount: row.amount_cents / 100,
      description: ledgerLine(row, language),
      createdAt: row.created_at.toISOString(),
      type: row.type,
      auction: row.auction_id !== null ? { id: row.auction_id, title: row.title ?? "" } : null,
    })),
    total: count?.n ?? 0,
  };
}
