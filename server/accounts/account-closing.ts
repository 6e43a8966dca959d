// Closing an account at its owner's request (issue 53 item 3, decision 093): refused while something is owed either
// way, otherwise at once: personal data erased, what accounting law keeps kept without a name, the bids' chains intact.
import { DELETED_BIDDER_NAME } from "../../contract";
import type { Database, Queryable } from "../db/database";
import { forgetUnusedMedia } from "../media/media.service";
import { Refusal } from "../refusal";
import { personalTables } from "./personal-data";

/**
 * Whether any of the user's withdrawals still has a refund or payout on its way. The wallet writes withdrawals; closing
 * only asks, so the question lives here and accounts never import the wallet (decision 107).
 */
export async function hasPendingWithdrawals(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q.query<{ n: number | string }>("select count(*) as n from withdrawals where user_id = $1 and status = 'pending'", [
    userId,
  ]);
  return Number(row?.n ?? 0) > 0;
}

/** The lock place_bid takes shared for every bid (migration 027): closing takes it alone, so no bid is half-way. */
export const lockAccount = (tx: Queryable, userId: string) =>
  tx.query("select pg_advisory_xact_lock(hashtextextended('account:' || $1::text, 0))", [userId]);

/** The first thing that keeps the account open, or null. */
async function closingRefusal(tx: Queryable, userId: string): Promise<Refusal | null> {
  const [row] = await tx.query<{
    balance_cents: string | null;
    unpaid: number | null;
    delivery: number | null;
    purchase: number | null;
    leading: number | null;
  }>(
    `select (select balance_cents from wallets where user_id = $1) as balance_cents,
            (select auction_id from fulfilments where user_id = $1 and state = 'AwaitingPayment' order by deadline_at limit 1) as unpaid,
            (select auction_id from fulfilments where user_id = $1 and state in ('PaymentReceived', 'InDelivery') order by created_at limit 1) as delivery,
            (select auction_id from buy_now_purchases where user_id = $1 and state in ('PaymentReceived', 'InDelivery') order by created_at limit 1) as purchase,
            (select id from auctions where leader_id = $1 and status = 'Running' order by id limit 1) as leading`,
    [userId],
  );
  if (!row) return null;
  if (row.unpaid !== null) return new Refusal("WIN_UNPAID", { auctionId: Number(row.unpaid) });
  if (row.delivery !== null) return new Refusal("DELIVERY_OPEN", { auctionId: Number(row.delivery) });
  if (row.purchase !== null) return new Refusal("BUY_NOW_PENDING", { auctionId: Number(row.purchase) });
  if (row.leading !== null) return new Refusal("LEADING_AUCTION", { auctionId: Number(row.leading) });
  // The balance is withdrawn first, and the deletion waits until every withdrawal has gone out (decision 093): a refund
  // that fails gives its money back to this wallet, which must still be there to take it.
  const balanceCents = Number(row.balance_cents ?? 0);
  if (balanceCents > 0) return new Refusal("BALANCE_NOT_WITHDRAWN", { amountCents: balanceCents });
  if (await hasPendingWithdrawals(tx, userId)) return new Refusal("WITHDRAWAL_PENDING");
  return null;
}

/**
 * Closes the account: throws a Refusal (and changes nothing) while a win is unpaid, a delivery or purchase is open, a
 * running auction is led or a balance is left. The caller has checked the password and ends the sockets after.
 */
export async function closeAccount(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const [user] = await tx.query<{ email: string; email_key: string }>(
      "select email, email_key from users where id = $1 and deleted_at is null for update",
      [userId],
    );
    if (!user) throw new Refusal("ACCOUNT_CLOSED");
    const refusal = await closingRefusal(tx, userId);
    if (refusal) throw refusal;

    // The review photos are the author's too: once their reviews are gone, those nothing else shows are deleted.
    const photos = await tx.query<{ path: string }>("select jsonb_array_elements_text(photos) as path from reviews where user_id = $1", [
      userId,
    ]);
    for (const t of personalTables) {
      if (t.onClose.kind === "delete") await tx.query(`delete from ${t.table} where ${t.userColumn} = $1`, [userId]);
      else if (t.onClose.anonymise) await tx.query(t.onClose.anonymise, [userId]);
    }
    await forgetUnusedMedia(
      tx,
      photos.map((photo) => photo.path),
    );
    // Where the name was kept beside a bid (an auction's last ten), it becomes the closed account's.
    await tx.query(
      `update auctions a set recent_bids = coalesce((
         select jsonb_agg(case when b.user_id = $1 then jsonb_set(r.entry, '{displayName}', to_jsonb($2::text)) else r.entry end order by r.n)
         from jsonb_array_elements(a.recent_bids) with ordinality as r(entry, n)
         left join bids b on b.auction_id = a.id and b.hash = r.entry->>'hash'), '[]'::jsonb)
       where a.id in (select auction_id from bids where user_id = $1)`,
      [userId, DELETED_BIDDER_NAME],
    );
    // Lines that named the account by its e-mail name it by its id, which means nothing outside.
    await tx.query("update operator_actions set subject = $1 where subject = $2", [userId, user.email]);
    await tx.query("update operator_actions set actor = $1 where actor = $2", [userId, user.email]);
    await tx.query("update fulfilment_events set actor = $1 where actor = $2", [userId, user.email]);
    await tx.query("update buy_now_events set actor = $1 where actor = $2", [userId, user.email]);
    await tx.query("delete from mails where lower(to_address) = $1", [user.email_key]);
    await tx.query("delete from rate_limit_events where position(':' || $1 in bucket) > 0", [user.email_key]);
    await tx.query(
      `update users set email = '', email_key = 'deleted:' || id, password_hash = '!closed', first_name = '', last_name = '',
              display_name = $2, display_name_key = 'deleted:' || id, display_name_skeleton = null, display_name_needs_change = false,
              phone = '', delivery_address = '', is_marketing_consent_given = false, date_of_birth = null, email_confirmed_at = null,
              deleted_at = now(), updated_at = now()
       where id = $1`,
      [userId, DELETED_BIDDER_NAME],
    );
  });
}
