// Operators' corrections to a wallet: an Adjustment entry in the ledger with the reason, never an edit.
import type { OperatorUser } from "../../contract";
import type { Database } from "../db/database";
import { Refusal } from "../refusal";
import { InsufficientFundsError, postLedgerEntry } from "../wallet/wallet.service";
import { logOperatorAction } from "../audit/operator-actions";
import type { Changes } from "./publish-changes";
import { findUser } from "./users.service";

/** Credits (positive) or debits (negative) a wallet: an Adjustment entry with the reason, never an edit. */
export async function adjustWallet(
  db: Database,
  actor: string,
  ref: string,
  adjustment: { amountCents: number; reason: string },
): Promise<Changes & { user: OperatorUser }> {
  const user = await findUser(db, ref);
  try {
    await db.transaction(async (tx) => {
      await postLedgerEntry(tx, {
        userId: user.id,
        type: "Adjustment",
        amountCents: adjustment.amountCents,
        description: adjustment.reason,
      });
      await logOperatorAction(tx, actor, "wallet.adjust", `user:${user.id}`, adjustment);
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new Refusal("CONFLICT", `The balance of ${user.email} is €${(user.balanceCents / 100).toFixed(2)}; it cannot go below zero.`);
    }
    throw error;
  }
  return { auctionIds: [], walletUserIds: [user.id], user: await findUser(db, user.id) };
}
