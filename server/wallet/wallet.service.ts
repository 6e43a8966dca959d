// The wallet ledger. A balance moves only through `postLedgerEntry`, inside the caller's transaction.
import type { Queryable } from "../db/database";

export type LedgerEntry = {
  userId: string;
  type: "Payment" | "AuctionEnrollment" | "AuctionPayment";
  amountCents: number;
  description: string;
  auctionId?: number | null;
};

export class InsufficientFundsError extends Error {
  constructor() {
    super("Not enough funds in your wallet!");
  }
}

export async function balanceCents(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ balance_cents: number }>("select balance_cents from wallets where user_id = $1", [userId]);
  return row?.balance_cents ?? 0;
}

/** Appends an entry and moves the balance with it; refuses (changing nothing) what would go below zero. */
export async function postLedgerEntry(tx: Queryable, entry: LedgerEntry): Promise<number> {
  if (!Number.isInteger(entry.amountCents) || entry.amountCents === 0) throw new Error("amount must be a non-zero integer of cents");
  await tx.query("insert into wallets (user_id) values ($1) on conflict (user_id) do nothing", [entry.userId]);
  const [moved] = await tx.query<{ balance_cents: number }>(
    `update wallets set balance_cents = balance_cents + $2, updated_at = now()
     where user_id = $1 and balance_cents + $2 >= 0 returning balance_cents`,
    [entry.userId, entry.amountCents],
  );
  if (!moved) throw new InsufficientFundsError();
  await tx.query(
    `insert into wallet_transactions (user_id, type, amount_cents, description, auction_id) values ($1, $2, $3, $4, $5)`,
    [entry.userId, entry.type, entry.amountCents, entry.description, entry.auctionId ?? null],
  );
  return moved.balance_cents;
}
