// The auction engine: enrolment, bids and the lifecycle, decided inside the database so that racing requests and
// several server processes agree. Every function takes the server's `now`; nothing trusts a client's clock.
import type { Database, Queryable } from "../db/database";
import type { AuctionState } from "../../contract";
import { openFulfilmentsOf } from "../fulfilment/fulfilment.service";
import { Refusal } from "../refusal";
import { InsufficientFundsError, postLedgerEntry } from "../wallet/wallet.service";
import { AUCTION_STATE_COLUMNS, auctionState, RECENT_BIDS, type AuctionRow } from "./auctions.queries";
import { bidHash, genesisHash } from "./bid-chain";

type LockedAuction = {
  id: number;
  status: "New" | "Waiting" | "Running" | "Ended" | "Canceled";
  entry_fee_cents: number;
  min_previous_entries: number;
  reset_seconds: number;
  price_cents: number;
  leader_id: string | null;
  ends_at: Date | null;
  hard_ends_at: Date | null;
  price_cap_cents: number | null;
  last_hash: string;
  title: string;
};

/** Locks the auction row for the rest of the transaction: bids and enrolments on one auction serialize here. */
async function lockAuction(tx: Queryable, auctionId: number): Promise<LockedAuction> {
  const [row] = await tx.query<LockedAuction>(
    `select id, status, entry_fee_cents, min_previous_entries, reset_seconds, price_cents, leader_id, ends_at,
            hard_ends_at, price_cap_cents, last_hash, title
     from auctions where id = $1 for update`,
    [auctionId],
  );
  if (!row) throw new Refusal("AUCTION_STATE_MISSING");
  return row;
}

export type EnrolResult = { feeCents: number; balanceCents: number | null };

/** Enrols a bidder once, while Waiting or Running, taking the entry fee from the wallet in the same transaction. */
export async function enrol(db: Database, userId: string, auctionId: number, now: Date): Promise<EnrolResult> {
  return db.transaction(async (tx) => {
    const auction = await lockAuction(tx, auctionId);
    const isOpen =
      auction.status === "Waiting" || (auction.status === "Running" && auction.ends_at !== null && auction.ends_at > now);
    if (!isOpen) throw new Refusal("ENROLMENT_CLOSED");
    const [already] = await tx.query("select 1 from enrolments where auction_id = $1 and user_id = $2", [auctionId, userId]);
    if (already) throw new Refusal("ALREADY_ENROLLED");
    if (auction.min_previous_entries > 0) {
      const [row] = await tx.query<{ n: number }>(
        "select count(*) as n from enrolments where user_id = $1 and auction_id <> $2",
        [userId, auctionId],
      );
      if ((row?.n ?? 0) < auction.min_previous_entries) {
        throw new Refusal("MIN_PREVIOUS_ENTRIES", { minPreviousEntries: auction.min_previous_entries });
      }
    }
    let balanceCents: number | null = null;
    if (auction.entry_fee_cents > 0) {
      try {
        ({ balanceCents } = await postLedgerEntry(tx, {
          userId,
          type: "AuctionEnrollment",
          amountCents: -auction.entry_fee_cents,
          description: `Entry fee: ${auction.title}`,
          auctionId,
        }));
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new Refusal("NOT_ENOUGH_FUNDS");
        throw error;
      }
    }
    await tx.query("insert into enrolments (auction_id, user_id, fee_cents) values ($1, $2, $3)", [
      auctionId,
      userId,
      auction.entry_fee_cents,
    ]);
    await tx.query("update auctions set seq = seq + 1 where id = $1", [auctionId]);
    return { feeCents: auction.entry_fee_cents, balanceCents };
  });
}

export const MIN_SECONDS_BETWEEN_BIDS = 1;

export type PlacedBid = {
  auctionId: number;
  title: string;
  priceCents: number;
  endsAt: Date;
  hasEnded: boolean;
  bidderId: string;
  bidderName: string;
  /** The bidder who led until this bid took the lead from them; null for an auction's first bid. */
  outbidUserId: string | null;
  /** The auction's live state right after the bid, as the feed sends it: the broadcast needs no read of its own. */
  state: AuctionState;
};

type LockedForBid = {
  status: AuctionRow["status"];
  reset_seconds: number;
  price_cents: number;
  leader_id: string | null;
  ends_at: Date | null;
  hard_ends_at: Date | null;
  price_cap_cents: number | null;
  last_hash: string;
  title: string;
  is_enrolled: boolean;
  last_bid_at: Date | null;
};

/**
 * The bid's one write: the bid, the auction's new state (ended at once when the cap is reached, with its winner's
 * fulfilment opened), the enrolment's last bid, and back the state the feed sends with the last bids, newest first.
 * The other parts of a statement see the tables as they were before it, so the new bid joins the earlier ones by
 * `union all`.
 */
const WRITE_BID = `with bid as (
    insert into bids (auction_id, user_id, price_cents, placed_at, is_auto, prev_hash, hash)
    values ($1, $2, $3, $4, $5, $6, $7)
    returning id, user_id, price_cents, placed_at, is_auto
  ), a as (
    update auctions set price_cents = $3, leader_id = $2, bid_count = bid_count + 1, last_hash = $7, seq = seq + 1,
           ends_at = $8,
           status = case when $9 then 'Ended' else status end,
           ended_at = case when $9 then $4 else ended_at end,
           winner_id = case when $9 then $2::uuid else winner_id end,
           final_hash = case when $9 then $7 else final_hash end
    where id = $1
    returning *
  ), enrolment as (
    update enrolments set last_bid_at = $4 where auction_id = $1 and user_id = $2
  ), ended as (
    select * from a where status = 'Ended'
  ), opened as (
    ${openFulfilmentsOf("ended")}
  ), recent as (
    select id, user_id, price_cents, placed_at, is_auto from bid
    union all
    (select id, user_id, price_cents, placed_at, is_auto from bids where auction_id = $1 order by id desc limit $10)
  )
  select ${AUCTION_STATE_COLUMNS}, bidder.display_name as leader_name,
         case when a.status = 'Ended' then bidder.display_name end as winner_name,
         r.price_cents as bid_price_cents, u.display_name as bid_display_name, r.placed_at as bid_placed_at,
         r.is_auto as bid_is_auto
  from a
  join users bidder on bidder.id = $2
  cross join recent r
  join users u on u.id = r.user_id
  order by r.id desc`;

type WrittenBidRow = AuctionRow & { bid_price_cents: number; bid_display_name: string; bid_placed_at: Date; bid_is_auto: boolean };

/**
 * One bid: +€0.01, the bidder leads, time left becomes at least `resetSeconds` (never past the hard stop).
 * Reaching the price cap ends the auction at once with this bidder as winner. Two statements in one transaction:
 * the row lock with every check, then the write, which returns the live state.
 */
export async function placeBid(
  db: Database,
  userId: string,
  auctionId: number,
  now: Date,
  options: { isAuto?: boolean } = {},
): Promise<PlacedBid> {
  return db.transaction(async (tx) => {
    const [auction] = await tx.query<LockedForBid>(
      `select a.status, a.reset_seconds, a.price_cents, a.leader_id, a.ends_at, a.hard_ends_at, a.price_cap_cents,
              a.last_hash, a.title, e.user_id is not null as is_enrolled, e.last_bid_at
       from auctions a left join enrolments e on e.auction_id = a.id and e.user_id = $2
       where a.id = $1 for update of a`,
      [auctionId, userId],
    );
    if (!auction) throw new Refusal("AUCTION_STATE_MISSING");
    if (auction.status === "Ended" || auction.status === "Canceled") throw new Refusal("AUCTION_ENDED");
    if (auction.status !== "Running") throw new Refusal("AUCTION_NOT_RUNNING");
    if (!auction.ends_at) throw new Refusal("AUCTION_STATE_MISSING");
    if (auction.ends_at <= now || (auction.hard_ends_at && auction.hard_ends_at <= now)) {
      throw new Refusal("AUCTION_ENDED");
    }
    if (!auction.is_enrolled) throw new Refusal("NOT_ENROLLED");
    if (auction.leader_id === userId) throw new Refusal("ALREADY_WINNING");
    if (auction.last_bid_at && auction.last_bid_at.getTime() > now.getTime() - MIN_SECONDS_BETWEEN_BIDS * 1000) {
      throw new Refusal("BID_TOO_FAST");
    }

    const priceCents = auction.price_cents + 1;
    const hasEnded = auction.price_cap_cents !== null && priceCents >= auction.price_cap_cents;
    const resetEnd = new Date(now.getTime() + auction.reset_seconds * 1000);
    let endsAt = auction.ends_at > resetEnd ? auction.ends_at : resetEnd;
    if (auction.hard_ends_at && endsAt > auction.hard_ends_at) endsAt = auction.hard_ends_at;
    if (hasEnded) endsAt = now;

    const prevHash = auction.last_hash || genesisHash(auctionId);
    const hash = bidHash({ prevHash, auctionId, userId, priceCents, placedAt: now });
    const rows = await tx.query<WrittenBidRow>(WRITE_BID, [
      auctionId,
      userId,
      priceCents,
      now,
      options.isAuto ?? false,
      prevHash,
      hash,
      endsAt,
      hasEnded,
      RECENT_BIDS - 1,
    ]);
    const [row] = rows;
    if (!row) throw new Refusal("AUCTION_STATE_MISSING");
    const recentBids = rows.map((bid) => ({
      price_cents: bid.bid_price_cents,
      display_name: bid.bid_display_name,
      placed_at: bid.bid_placed_at,
      is_auto: bid.bid_is_auto,
    }));
    return {
      auctionId,
      title: auction.title,
      priceCents,
      endsAt,
      hasEnded,
      bidderId: userId,
      bidderName: row.leader_name ?? "",
      outbidUserId: auction.leader_id,
      state: auctionState(row, recentBids, now.getTime()),
    };
  });
}

export type Transition = { auctionId: number; status: "Running" | "Ended" };

/**
 * Moves every auction whose time has come: Waiting → Running at `startsAt`, Running → Ended when `endsAt` (or the
 * hard stop) has passed. Each UPDATE changes a row once, so however many processes run this, each auction starts
 * and ends exactly once; the leader at that moment wins, and their fulfilment opens in the same statement.
 */
export async function advanceLifecycle(db: Queryable, now: Date): Promise<Transition[]> {
  const started = await db.query<{ id: number }>(
    `update auctions set status = 'Running', seq = seq + 1,
            ends_at = least(starts_at + make_interval(secs => initial_seconds), coalesce(hard_ends_at, 'infinity'))
     where status = 'Waiting' and starts_at <= $1 returning id`,
    [now],
  );
  // Ending and opening the winner's fulfilment are one statement, so neither happens without the other.
  const ended = await db.query<{ id: number }>(
    `with ended as (
       update auctions set status = 'Ended', seq = seq + 1, ended_at = least(ends_at, coalesce(hard_ends_at, ends_at)),
              winner_id = leader_id, final_hash = nullif(last_hash, '')
       where status = 'Running' and (ends_at <= $1 or hard_ends_at <= $1)
       returning id, winner_id, price_cents, ended_at, payment_window_hours
     ), opened as (${openFulfilmentsOf("ended")})
     select id from ended`,
    [now],
  );
  return [
    ...started.map((row) => ({ auctionId: row.id, status: "Running" as const })),
    ...ended.map((row) => ({ auctionId: row.id, status: "Ended" as const })),
  ];
}

/** Sets (or, with null, removes) a bidder's auto-bid maximum; only an enrolled bidder, only above the price. */
export async function setAutoBid(db: Database, userId: string, auctionId: number, maxPriceCents: number | null, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const auction = await lockAuction(tx, auctionId);
    if (maxPriceCents === null) {
      await tx.query("delete from auto_bids where auction_id = $1 and user_id = $2", [auctionId, userId]);
      return;
    }
    if (auction.status === "Ended" || auction.status === "Canceled" || (auction.ends_at && auction.ends_at <= now)) {
      throw new Refusal("AUCTION_ENDED");
    }
    const [enrolled] = await tx.query("select 1 from enrolments where auction_id = $1 and user_id = $2", [auctionId, userId]);
    if (!enrolled) throw new Refusal("NOT_ENROLLED");
    if (maxPriceCents <= auction.price_cents) throw new Refusal("AUTO_BID_TOO_LOW");
    await tx.query(
      `insert into auto_bids (auction_id, user_id, max_price_cents) values ($1, $2, $3)
       on conflict (auction_id, user_id) do update set max_price_cents = excluded.max_price_cents`,
      [auctionId, userId, maxPriceCents],
    );
  });
}

/** One round of auto-bids (see `autoBidRound`); returns the auctions that moved. */
export async function runAutoBids(db: Database, now: Date): Promise<number[]> {
  return (await autoBidRound(db, now)).map((bid) => bid.auctionId);
}

/**
 * One round of auto-bids: in every running auction, the earliest auto-bidder who is outbid, still under their
 * maximum and not rate-limited places one bid, by the same rules as anyone. Returns the bids placed.
 */
export async function autoBidRound(db: Database, now: Date): Promise<PlacedBid[]> {
  const candidates = await db.query<{ auction_id: number; user_id: string }>(
    `select distinct on (ab.auction_id) ab.auction_id, ab.user_id
     from auto_bids ab
     join auctions a on a.id = ab.auction_id
     join enrolments e on e.auction_id = ab.auction_id and e.user_id = ab.user_id
     where a.status = 'Running' and a.ends_at > $1
       and ab.max_price_cents >= a.price_cents + 1
       and (a.price_cap_cents is null or a.price_cents < a.price_cap_cents)
       and a.leader_id is distinct from ab.user_id
       and (e.last_bid_at is null or e.last_bid_at <= $2)
     order by ab.auction_id, ab.created_at`,
    [now, new Date(now.getTime() - MIN_SECONDS_BETWEEN_BIDS * 1000)],
  );
  const placed: PlacedBid[] = [];
  for (const candidate of candidates) {
    const bid = await placeBid(db, candidate.user_id, candidate.auction_id, now, { isAuto: true }).catch((error: unknown) =>
      error instanceof Refusal ? null : Promise.reject(error),
    );
    if (bid) placed.push(bid);
  }
  return placed;
}
