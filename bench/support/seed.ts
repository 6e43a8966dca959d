// Benchmark data written straight to the database in a few statements: confirmed bidders with sessions, running
// auctions, enrolments. Bids are never seeded: the benchmarks place them through the engine or the socket.
import { hashToken, newSecretToken } from "../../server/accounts/tokens";
import type { Queryable } from "../../server/db/database";

export type BenchBidder = { id: string; displayName: string; sessionId: string };

/** `count` confirmed bidders, each signed in once (the session id is what their cookie carries). */
export async function seedBidders(db: Queryable, count: number): Promise<BenchBidder[]> {
  const run = newSecretToken()
    .slice(0, 6)
    .replace(/[^a-zA-Z0-9]/g, "x");
  const tags = Array.from({ length: count }, (_, index) => `b${index}_${run}`);
  const users = await db.query<{ id: string; display_name: string }>(
    `insert into users (email, email_key, password_hash, first_name, last_name, display_name, display_name_key, email_confirmed_at, date_of_birth)
     select tag || '@bench.pennybid.lv', lower(tag || '@bench.pennybid.lv'), '!no-password', 'Bench', 'Bidder', tag, lower(tag), now(), date '1990-05-17'
     from unnest($1::text[]) with ordinality as t(tag, n) order by n
     returning id, display_name`,
    [tags],
  );
  const byName = new Map(users.map((user) => [user.display_name, user.id]));
  const bidders = tags.map((tag) => ({ id: byName.get(tag) ?? "", displayName: tag, sessionId: newSecretToken() }));
  await db.query(
    `insert into sessions (id_hash, user_id, expires_at)
     select id_hash, user_id, now() + interval '30 days' from unnest($1::text[], $2::uuid[]) as t(id_hash, user_id)`,
    [bidders.map((bidder) => hashToken(bidder.sessionId)), bidders.map((bidder) => bidder.id)],
  );
  return bidders;
}

/**
 * `count` auctions running for about an hour (15 s reset), free to enter, shaped like the demo catalogue's. Their
 * ends are spread over a minute, as on a real list, so countdowns do not all tick on the same instant.
 */
export async function seedRunningAuctions(db: Queryable, count: number, now: Date): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `insert into auctions (title, images, retail_value_cents, entry_fee_cents, status, starts_at,
                           initial_seconds, reset_seconds, ends_at)
     select 'Wireless noise-cancelling headphones #' || n, '["/products/headphones.jpg"]'::jsonb,
            29900, 0, 'Running', $2, 3600, 15, $2::timestamptz + interval '1 hour' + (n % 600) * interval '100 milliseconds'
     from generate_series(1, $1::int) as n order by n
     returning id`,
    [count, now],
  );
  const ids = rows.map((row) => Number(row.id));
  // Their texts in English, as the operators' API would store them (decision 030).
  await db.query(
    `insert into auction_texts (auction_id, language, title, description)
     select id, 'en', title, 'A benchmark auction.' from auctions where id = any($1::bigint[])`,
    [ids],
  );
  return ids;
}

/**
 * Enrols `perAuction` bidders in each auction, spread evenly: auction i gets bidders i·k … i·k+k−1 (mod the
 * number of bidders). Returns the enrolled bidders' indexes per auction.
 */
export async function enrolEvenly(
  db: Queryable,
  auctionIds: number[],
  bidders: BenchBidder[],
  perAuction: number,
): Promise<Map<number, number[]>> {
  const enrolled = new Map<number, number[]>();
  const auctionColumn: number[] = [];
  const userColumn: string[] = [];
  auctionIds.forEach((auctionId, index) => {
    const chosen = new Set<number>();
    for (let k = 0; chosen.size < Math.min(perAuction, bidders.length); k++) chosen.add((index * perAuction + k) % bidders.length);
    enrolled.set(auctionId, [...chosen]);
    for (const bidderIndex of chosen) {
      auctionColumn.push(auctionId);
      userColumn.push(bidders[bidderIndex]?.id ?? "");
    }
  });
  await db.query(
    `insert into enrolments (auction_id, user_id, fee_cents) select a, u, 0 from unnest($1::bigint[], $2::uuid[]) as t(a, u)`,
    [auctionColumn, userColumn],
  );
  return enrolled;
}
