// Fees back for those who lose (issue 55 item 4, decision 103): when an auction ends, every entrant but the winner
// gets `fee_back_percent` of the fee they paid, floored to the cent, as a Refund entry of the ledger.
import type { Queryable } from "../db/database";

/**
 * The refunds as CTEs after `ended` (the auctions a statement ended, returning `id`, `winner_id`, `title` and
 * `fee_back_percent`), to every entrant but the winner whose account is open, so they are written in the statement that ends the auction: an auction never ends without
 * them and, as a row ends once, never refunds twice (the ledger's one refund per auction and bidder holds it too).
 * place_bid (server/db/functions/place_bid.sql), which ends an auction at its price cap, writes the same.
 */
export const FEES_BACK = `fees_back as (
       select x.id as auction_id, e.user_id, e.fee_cents * x.fee_back_percent / 100 as cents,
              left(format('Entry fee back (%s%%): %s', x.fee_back_percent, x.title), 255) as description
       from ended x join enrolments e on e.auction_id = x.id
       -- a closed account holds no money (decision 093): its share is not paid into it
       join users u on u.id = e.user_id and u.deleted_at is null
       where x.fee_back_percent > 0 and e.user_id is distinct from x.winner_id and e.fee_cents * x.fee_back_percent / 100 > 0
     ), credited as (
       update wallets w set balance_cents = w.balance_cents + b.cents, updated_at = now()
       from (select user_id, sum(cents) as cents from fees_back group by user_id) b
       where w.user_id = b.user_id
     ), refunded as (
       insert into wallet_transactions (user_id, type, amount_cents, description, auction_id)
       select user_id, 'Refund', cents, description, auction_id from fees_back
     )`;

/** Whose wallets the ends of these auctions gave fees back to (the feed tells them their new balance). */
export async function feesBackRecipients(db: Queryable, auctionIds: number[]): Promise<string[]> {
  if (auctionIds.length === 0) return [];
  const rows = await db.query<{ user_id: string }>(
    "select distinct user_id from wallet_transactions where auction_id = any($1::bigint[]) and type = 'Refund'",
    [auctionIds],
  );
  return rows.map((row) => row.user_id);
}
