// What an auction of a product usually costs (issue 55 item 1, decision 100): from the product's auctions that ended
// in the last 90 days, what each bidder spent in all (median and 90th percentile), the winners' all-in price against
// the retail value and the share of bidders who won. One query per product, remembered for a few minutes.
import { USUAL_COST_MIN_AUCTIONS, USUAL_COST_WINDOW_DAYS, type UsualCost } from "../../contract";
import type { Queryable } from "../db/database";

/** How long a product's figures are kept; an auction that ends shows in them after this at the latest. */
export const USUAL_COST_TTL_MS = 5 * 60_000;

type FiguresRow = {
  auctions: number;
  participants: number;
  median_spent_cents: number | null;
  p90_spent_cents: number | null;
  wins: number;
  winner_all_in_cents: number | null;
  retail_value_cents: number | null;
};

/**
 * A bidder's spend on an auction is what the ledger holds for them and it, as auction_fees (the true cost) reads the
 * fees: entry fee and win payment debits less any Refund, so refunds added later count by themselves; plus the final
 * price while the win awaits its payment (owed, not yet in the ledger). A win that lapsed unpaid is no win: its fee
 * stays spent, its price does not. Amounts are rounded to whole cents, half away from zero.
 */
const FIGURES_SQL = `
  with ended as (
    select a.id, a.winner_id, a.retail_value_cents, x.state as win_state, x.price_cents as win_price_cents
    from auctions a left join fulfilments x on x.auction_id = a.id
    where a.product_key = $1 and a.status = 'Ended' and a.ended_at > $2
  ),
  spends as (
    select coalesce(-(select sum(t.amount_cents) from wallet_transactions t
                      where t.auction_id = e.id and t.user_id = n.user_id and t.type in ('AuctionEnrollment', 'AuctionPayment', 'Refund')), 0)
             + case when n.user_id = e.winner_id and e.win_state = 'AwaitingPayment' then e.win_price_cents else 0 end as spent_cents,
           n.user_id = e.winner_id and e.win_state is distinct from 'Expired' as has_won,
           e.retail_value_cents
    from ended e join enrolments n on n.auction_id = e.id
  )
  select (select count(*) from ended)::int as auctions,
         count(*)::int as participants,
         round((percentile_cont(0.5) within group (order by spent_cents::float8))::numeric)::int as median_spent_cents,
         round((percentile_cont(0.9) within group (order by spent_cents::float8))::numeric)::int as p90_spent_cents,
         count(*) filter (where has_won)::int as wins,
         round(avg(spent_cents) filter (where has_won))::int as winner_all_in_cents,
         round(avg(retail_value_cents) filter (where has_won))::int as retail_value_cents
  from spends`;

/** The figures of product `productKey` at `now`. */
export async function usualCost(db: Queryable, productKey: string, now: Date): Promise<UsualCost> {
  const since = new Date(now.getTime() - USUAL_COST_WINDOW_DAYS * 86_400_000);
  const [row] = await db.query<FiguresRow>(FIGURES_SQL, [productKey, since]);
  const auctions = row?.auctions ?? 0;
  const base = { windowDays: USUAL_COST_WINDOW_DAYS, minAuctions: USUAL_COST_MIN_AUCTIONS, auctions };
  if (!row || auctions < USUAL_COST_MIN_AUCTIONS || row.participants === 0) return { ...base, figures: null };
  return {
    ...base,
    figures: {
      participants: row.participants,
      medianSpentCents: row.median_spent_cents ?? 0,
      p90SpentCents: row.p90_spent_cents ?? 0,
      wins: row.wins,
      winShare: row.wins / row.participants,
      winnerAllInCents: row.winner_all_in_cents,
      retailValueCents: row.retail_value_cents,
    },
  };
}

const CACHED_PRODUCTS_MAX = 1_000;

/**
 * The figures of a public auction's product (Waiting, Running or Ended; null for a draft, a canceled or a missing
 * one), each product's kept `USUAL_COST_TTL_MS`: every page of a product asks, and the figures move only when one of
 * its auctions ends or leaves the window. When the map is full the oldest entry goes.
 */
export function cachedUsualCost(db: Queryable, clock: () => Date) {
  const kept = new Map<string, { figures: UsualCost; until: number }>();
  return async (auctionId: number): Promise<UsualCost | null> => {
    const [auction] = await db.query<{ product_key: string }>(
      `select product_key from auctions where id = $1 and status in ('Waiting', 'Running', 'Ended')`,
      [auctionId],
    );
    if (!auction) return null;
    const now = clock();
    const hit = kept.get(auction.product_key);
    if (hit && hit.until > now.getTime()) return hit.figures;
    const figures = await usualCost(db, auction.product_key, now);
    kept.delete(auction.product_key);
    if (kept.size >= CACHED_PRODUCTS_MAX) kept.delete(kept.keys().next().value as string);
    kept.set(auction.product_key, { figures, until: now.getTime() + USUAL_COST_TTL_MS });
    return figures;
  };
}
