// An auction's public fairness figures (issue 21, decision 032): who entered and bid, how many bids were automatic,
// the chain's head and final hash, and whether any bidder is staff or a demo account. One query per auction.
import type { AuctionStatus, FairnessFigures } from "../../contract";
import type { Queryable } from "../db/database";
import { genesisHash } from "./bid-chain";

type FiguresRow = {
  status: AuctionStatus;
  last_hash: string;
  final_hash: string | null;
  entrants: number;
  bids: number;
  auto_bids: number;
  distinct_bidders: number;
  staff_bidders: number;
  demo_bidders: number;
  fees_back_cents: number;
};

/** The figures of a public auction (Waiting, Running or Ended), or null for a draft, a canceled or a missing one. */
export async function fairnessFigures(db: Queryable, auctionId: number): Promise<FairnessFigures | null> {
  const [row] = await db.query<FiguresRow>(
    `select a.status, a.last_hash, a.final_hash,
            (select count(*) from enrolments e where e.auction_id = a.id)::int as entrants,
            (select coalesce(sum(t.amount_cents), 0) from wallet_transactions t
             where t.auction_id = a.id and t.type = 'Refund' and a.status = 'Ended')::int as fees_back_cents,
            b.bids, b.auto_bids, b.distinct_bidders, b.staff_bidders, b.demo_bidders
     from auctions a
     cross join lateral (
       select count(*)::int as bids,
              count(*) filter (where bids.is_auto)::int as auto_bids,
              count(distinct bids.user_id)::int as distinct_bidders,
              count(distinct bids.user_id) filter (where u.role = 'operator')::int as staff_bidders,
              count(distinct bids.user_id) filter (where u.is_demo and u.role <> 'operator')::int as demo_bidders
       from bids join users u on u.id = bids.user_id
       where bids.auction_id = a.id
     ) b
     where a.id = $1 and a.status in ('Waiting', 'Running', 'Ended')`,
    [auctionId],
  );
  if (!row) return null;
  return {
    auctionId,
    status: row.status,
    entrants: row.entrants,
    distinctBidders: row.distinct_bidders,
    bids: row.bids,
    autoBids: row.auto_bids,
    autoBidShare: row.bids === 0 ? null : row.auto_bids / row.bids,
    genesisHash: genesisHash(auctionId),
    headHash: row.last_hash === "" ? null : row.last_hash,
    finalHash: row.final_hash,
    staffBidders: row.staff_bidders,
    demoBidders: row.demo_bidders,
    feesBackCents: row.fees_back_cents,
  };
}

const CACHED_AUCTIONS_MAX = 1_000;

/**
 * The figures, with an ended auction's remembered: its chain is closed, so they never change. A waiting or running
 * auction's are counted at each ask (its page asks again every little while, not at each bid). When the map is full
 * the oldest entry goes.
 */
export function cachedFairnessFigures(db: Queryable) {
  const ended = new Map<number, FairnessFigures>();
  return async (auctionId: number): Promise<FairnessFigures | null> => {
    const hit = ended.get(auctionId);
    if (hit) return hit;
    const figures = await fairnessFigures(db, auctionId);
    if (figures?.status !== "Ended") return figures;
    if (ended.size >= CACHED_AUCTIONS_MAX) ended.delete(ended.keys().next().value as number);
    ended.set(auctionId, figures);
    return figures;
  };
}
