// The auction engine: enrolment, bids and the lifecycle, decided inside the database so that racing requests and
// several server processes agree. Every function takes the server's `now`; nothing trusts a client's clock.
import type { Database, Queryable } from "../db/database";
import type { AuctionState } from "../../contract";
import { SESSION_IDLE_SECONDS, SessionEnded } from "../accounts/sessions";
import { Refusal } from "../refusal";
import { assertAuctionSpend, auctionSpendRefusal, pauseRefusal } from "../wallet/spend-limits";
import { InsufficientFundsError, postLedgerEntry } from "../wallet/wallet.service";
import { FEES_BACK } from "./fees-back";
import { openFulfilmentsOf } from "./opening-fulfilments";
import { auctionState, RECENT_BIDS, rowOfJson, type AuctionJson } from "./auctions.queries";
import { enrolmentRefusal, NO_WIN_LIMITS, RULED_AUCTION_COLUMNS, type RuledAuction, type WinLimits } from "./enrolment-rules";

/** What enrolment and the auto-bid setting read of the auction they lock (a bid locks it in place_bid). */
type LockedAuction = RuledAuction & { title: string; manual_only: boolean };

/** Locks the auction row for the rest of the transaction: enrolments, auto-bid settings and bids on one auction
 * serialize here. */
async function lockAuction(tx: Queryable, auctionId: number): Promise<LockedAuction> {
  const [row] = await tx.query<LockedAuction>(
    `select ${RULED_AUCTION_COLUMNS}, title, manual_only from auctions where id = $1 for update`,
    [auctionId],
  );
  if (!row) throw new Refusal("AUCTION_STATE_MISSING");
  return row;
}

export type EnrolResult = { feeCents: number; balanceCents: number | null };

/**
 * Enrols a bidder once, while Waiting or Running and the auction's rules allow it (enrolment-rules.ts), taking the
 * entry fee from the wallet in the same transaction. The auction's row and the bidder's are locked first: two
 * enrolments in one auction, or two of one bidder's (which the win limits count), are judged one after the other.
 */
export async function enrol(
  db: Database,
  userId: string,
  auctionId: number,
  now: Date,
  /** The site's win limits (`config.winLimits`); none unless given, as in tests of other rules and the seed's history. */
  limits: WinLimits = NO_WIN_LIMITS,
): Promise<EnrolResult> {
  return db.transaction(async (tx) => {
    const auction = await lockAuction(tx, auctionId);
    // "no key update": it waits for the bidder's other enrolment, and lets inserts that only reference the bidder pass.
    await tx.query("select 1 from users where id = $1 for no key update", [userId]);
    const refusal = (await enrolmentRefusal(tx, userId, auction, now, limits)) ?? (await pauseRefusal(tx, userId, now));
    if (refusal) throw refusal;
    // Under the bidder's lock taken above: two enrolments at the edge of the month's limit are judged one by one.
    await assertAuctionSpend(tx, userId, auction.entry_fee_cents, now);
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
    await tx.query("update auctions set seq = seq + 1, seats_taken = seats_taken + 1 where id = $1", [auctionId]);
    return { feeCents: auction.entry_fee_cents, balanceCents };
  });
}

/** What enrolling would answer now (the same rules, read without locks): null when the bidder may enrol. */
export async function enrolmentEligibility(
  db: Queryable,
  userId: string,
  auctionId: number,
  now: Date,
  limits: WinLimits,
): Promise<Refusal | null> {
  const [auction] = await db.query<RuledAuction>(`select ${RULED_AUCTION_COLUMNS} from auctions where id = $1`, [auctionId]);
  if (!auction) return new Refusal("AUCTION_STATE_MISSING");
  return (
    (await enrolmentRefusal(db, userId, auction, now, limits)) ??
    (await pauseRefusal(db, userId, now)) ??
    (await auctionSpendRefusal(db, userId, auction.entry_fee_cents, now))
  );
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
  /** Whether that bidder has a device subscribed to push notices: without one, the outbid push costs no statement. */
  outbidHasPush: boolean;
  /** The auction's live state right after the bid, as the feed sends it: the broadcast needs no read of its own. */
  state: AuctionState;
};

/** What the bid's statement can refuse by itself; the one-bid-a-second rule shows as `is_paced` false. */
type BidRefusal =
  "AUCTION_ENDED" | "AUCTION_NOT_RUNNING" | "AUCTION_STATE_MISSING" | "MANUAL_ONLY" | "NOT_ENROLLED" | "SELF_PAUSED" | "ALREADY_WINNING";

type PlacedBidRow = {
  refusal: BidRefusal | null;
  is_paced: boolean;
  outbid_user_id: string | null;
  outbid_has_push: boolean;
  bidder_name: string | null;
  /** The auction's state after the bid; null when the bid was refused or too fast. */
  state: AuctionJson | null;
};

/**
 * One bid: +€0.01, the bidder leads, time left becomes at least `resetSeconds` (never past the hard stop).
 * Reaching the price cap ends the auction at once with this bidder as winner.
 */
/**
 * A bid in the same statement as its session's check: place_bid runs for the session's own user, so with the session
 * ended (on this process or another, whatever reached this one) there is no row to run it for, and nothing is done.
 */
const BID_IN_SESSION = `select pb.* from sessions s
  cross join lateral place_bid($1, s.user_id, $3, $4, $5, $6, $7) pb
  where s.id_hash = $8 and s.user_id = $2 and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => $9)`;

export async function placeBid(
  db: Queryable,
  userId: string,
  auctionId: number,
  now: Date,
  options: { isAuto?: boolean; sessionIdHash?: string | null } = {},
): Promise<PlacedBid> {
  // The rules and the write are the database function place_bid (server/db/functions/place_bid.sql): one round trip, its plan kept.
  const params = [auctionId, userId, now, now.toISOString(), options.isAuto ?? false, MIN_SECONDS_BETWEEN_BIDS, RECENT_BIDS];
  const [row] = options.sessionIdHash
    ? await db.query<PlacedBidRow>(BID_IN_SESSION, [...params, options.sessionIdHash, SESSION_IDLE_SECONDS])
    : await db.query<PlacedBidRow>("select * from place_bid($1, $2, $3, $4, $5, $6, $7)", params);
  if (!row && options.sessionIdHash) throw new SessionEnded();
  if (!row) throw new Refusal("AUCTION_STATE_MISSING");
  // A paused bidder hears when the pause ends (read only on this path: an accepted bid reads nothing more).
  if (row.refusal === "SELF_PAUSED") throw (await pauseRefusal(db, userId, now)) ?? new Refusal("SELF_PAUSED");
  if (row.refusal) throw new Refusal(row.refusal);
  if (!row.is_paced) throw new Refusal("BID_TOO_FAST");
  // Neither refused nor too fast: `moved` updated the row, so its state is there.
  if (!row.state) throw new Refusal("AUCTION_STATE_MISSING");
  // The bidder leads now, and wins if the bid ended the auction: place_bid's state (migration 022) names them only.
  const leader = { leader_id: userId, winner_id: row.state.status === "Ended" ? userId : null };
  const state = auctionState(rowOfJson({ ...row.state, ...leader }), now.getTime());
  return {
    auctionId,
    title: state.title,
    priceCents: state.priceCents,
    endsAt: new Date(state.endsAt ?? now),
    hasEnded: state.status === "Ended",
    bidderId: userId,
    bidderName: row.bidder_name ?? "",
    outbidUserId: row.outbid_user_id,
    outbidHasPush: row.outbid_has_push,
    state,
  };
}

export type Transition =
  | { auctionId: number; status: "Running" | "Ended" }
  /** Too few seats taken at the start: canceled, and these bidders' entry fees refunded. */
  | { auctionId: number; status: "Canceled"; refundedUserIds: string[] };

/** Who got their entry fee back from a canceled auction. */
export type EntryFeeRefund = { user_id: string; display_name: string; fee_cents: number };

/**
 * Gives every enrolled bidder of an auction being canceled their entry fee back (a Refund entry each) and drops its
 * auto-bids, in the caller's transaction: an operator's cancel and the lifecycle's (too few seats) alike.
 */
export async function refundEntryFees(tx: Queryable, auctionId: number, title: string): Promise<EntryFeeRefund[]> {
  const enrolled = await tx.query<EntryFeeRefund>(
    `select e.user_id, u.display_name, e.fee_cents from enrolments e join users u on u.id = e.user_id
     where e.auction_id = $1 and e.fee_cents > 0 order by e.created_at`,
    [auctionId],
  );
  for (const row of enrolled) {
    await postLedgerEntry(tx, {
      userId: row.user_id,
      type: "Refund",
      amountCents: row.fee_cents,
      description: `Entry fee refunded: ${title} was canceled`.slice(0, 255),
      auctionId,
    });
  }
  await tx.query("delete from auto_bids where auction_id = $1", [auctionId]);
  return enrolled;
}

/** SQL: auction `a` has fewer bidders enrolled than its minimum of seats (decision 102). */
const SEATS_SHORT = "seats_taken < coalesce(min_seats, 0)";

/**
 * Moves every auction whose time has come: Waiting → Running at `startsAt` (or → Canceled, every entry fee refunded,
 * when fewer than its minimum of seats are taken), Running → Ended when `endsAt` (or the hard stop) has passed. Each
 * UPDATE changes a row once, so however many processes run this, each auction starts (or is canceled) and ends exactly
 * once; the leader at that moment wins, and their fulfilment opens, and the losers' fees come back (decision 103), in
 * the same statement.
 */
export async function advanceLifecycle(db: Database, now: Date): Promise<Transition[]> {
  // The cancel and its refunds commit together; an enrolment that took the last seat needed first (it locks the row)
  // is seen by the update's re-check, and the start below asks the opposite, so an auction is never both.
  // The transaction is opened only when some auction may be short: most ticks have none.
  const [isAnyShort] = await db.query(`select 1 from auctions where status = 'Waiting' and starts_at <= $1 and ${SEATS_SHORT} limit 1`, [
    now,
  ]);
  const canceled = !isAnyShort
    ? []
    : await db.transaction(async (tx) => {
        const short = await tx.query<{ id: number; title: string }>(
          `update auctions set status = 'Canceled', seq = seq + 1, seats_short_at = $1
           where status = 'Waiting' and starts_at <= $1 and ${SEATS_SHORT} returning id, title`,
          [now],
        );
        const refunds: EntryFeeRefund[][] = [];
        for (const auction of short) refunds.push(await refundEntryFees(tx, auction.id, auction.title));
        return short.map((auction, index) => ({ id: auction.id, refundedUserIds: (refunds[index] ?? []).map((refund) => refund.user_id) }));
      });
  const started = await db.query<{ id: number }>(
    `update auctions set status = 'Running', seq = seq + 1,
            ends_at = least(starts_at + make_interval(secs => initial_seconds), coalesce(hard_ends_at, 'infinity'))
     where status = 'Waiting' and starts_at <= $1 and not ${SEATS_SHORT} returning id`,
    [now],
  );
  // Ending, opening the winner's fulfilment and giving fees back are one statement, so none happens without the others.
  const ended = await db.query<{ id: number }>(
    `with ended as (
       update auctions set status = 'Ended', seq = seq + 1, ended_at = least(ends_at, coalesce(hard_ends_at, ends_at)),
              winner_id = leader_id, final_hash = nullif(last_hash, '')
       where status = 'Running' and (ends_at <= $1 or hard_ends_at <= $1)
       returning id, winner_id, price_cents, ended_at, payment_window_hours, fee_back_percent, title
     ), opened as (${openFulfilmentsOf("ended")}), ${FEES_BACK}
     select id from ended`,
    [now],
  );
  return [
    ...canceled.map((row) => ({ auctionId: row.id, status: "Canceled" as const, refundedUserIds: row.refundedUserIds })),
    ...started.map((row) => ({ auctionId: row.id, status: "Running" as const })),
    ...ended.map((row) => ({ auctionId: row.id, status: "Ended" as const })),
  ];
}

/**
 * Sets (or, with null, removes) a bidder's auto-bid maximum; only an enrolled bidder, only in an auction that is not
 * manual-only (decision 101), only above the price, and only as high as the monthly limit on auction spending leaves
 * them to pay for a win.
 */
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
    if (auction.manual_only) throw new Refusal("MANUAL_ONLY");
    const [enrolled] = await tx.query("select 1 from enrolments where auction_id = $1 and user_id = $2", [auctionId, userId]);
    if (!enrolled) throw new Refusal("NOT_ENROLLED");
    if (maxPriceCents <= auction.price_cents) throw new Refusal("AUTO_BID_TOO_LOW");
    // A win at the maximum must be one the bidder's monthly limit lets them pay for (the refusal names the figures).
    const overLimit = await auctionSpendRefusal(tx, userId, maxPriceCents, now);
    if (overLimit) throw overLimit;
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
 * maximum and not rate-limited places one bid, by the same rules as anyone, unless a win at the new price would cross
 * their monthly limit on auction spending. Never in a manual-only auction: place_bid refuses an auto bid there on the
 * locked row, so an auction switched after this round read it gets no bid (decision 101). Returns the bids placed.
 */
export async function autoBidRound(db: Database, now: Date): Promise<PlacedBid[]> {
  const candidates = await db.query<{ auction_id: number; user_id: string; price_cents: number }>(
    `select distinct on (ab.auction_id) ab.auction_id, ab.user_id, a.price_cents
     from auto_bids ab
     join auctions a on a.id = ab.auction_id
     join enrolments e on e.auction_id = ab.auction_id and e.user_id = ab.user_id
     where a.status = 'Running' and a.ends_at > $1
       and not a.manual_only
       and ab.max_price_cents >= a.price_cents + 1
       and (a.price_cap_cents is null or a.price_cents < a.price_cap_cents)
       and a.leader_id is distinct from ab.user_id
       and (e.last_bid_at is null or e.last_bid_at <= $2)
       and not exists (select 1 from spend_limits p where p.user_id = ab.user_id and p.paused_until > $1)
     order by ab.auction_id, ab.created_at`,
    [now, new Date(now.getTime() - MIN_SECONDS_BETWEEN_BIDS * 1000)],
  );
  const placed: PlacedBid[] = [];
  for (const candidate of candidates) {
    // Never a bid that would make a win its bidder cannot pay for: the limit may have dropped, or fees used it up.
    if (await auctionSpendRefusal(db, candidate.user_id, candidate.price_cents + 1, now)) continue;
    const bid = await placeBid(db, candidate.user_id, candidate.auction_id, now, { isAuto: true }).catch((error: unknown) =>
      error instanceof Refusal ? null : Promise.reject(error),
    );
    if (bid) placed.push(bid);
  }
  return placed;
}
