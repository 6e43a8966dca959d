// A fingerprint of everything a refused request must not change, computed in SQL: one md5 per table over its
// rows as text. Left out: rate-limit events and sessions' last_seen_at, which refusals may legitimately touch.
import type { Queryable } from "../../server/db/database";

const tables = [
  "users",
  "account_tokens",
  "mails",
  "wallets",
  "wallet_transactions",
  "auctions",
  "enrolments",
  "bids",
  "favourites",
  "auto_bids",
  "payments",
  "tour_progress",
  "promo_codes",
  "fulfilments",
  "promo_redemptions",
  "fulfilment_events",
  "media",
  "operator_actions",
] as const;

export type Checksum = Record<string, string>;

export async function checksum(db: Queryable): Promise<Checksum> {
  const parts = [
    ...tables.map(
      (table) => `select '${table}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${table} t`,
    ),
    `select 'sessions' as name, md5(coalesce(string_agg(id_hash || user_id::text || created_at::text || expires_at::text, '|' order by id_hash), '')) as sum from sessions`,
  ];
  const rows = await db.query<{ name: string; sum: string }>(parts.join(" union all "));
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}
