// The rules of enrolment (decision 031): who may enrol in an auction, and until when. `enrol` judges them in its
// transaction on the locked auction row and the bidder's locked row; the auction page asks the same function, without
// locks, so what it tells a bidder beforehand is what enrolling would answer. The lock (until when) is the contract's
// rule, which the SPA shows too; here it reads an auction's row.
import { enrolmentClosesAtMs, isEnrolmentLocked, type EnrolmentLock } from "../../contract";
import type { WinLimits } from "../config";
import type { Queryable } from "../db/database";
import { Refusal } from "../refusal";

/** Site-wide win limits: config.ts reads them (WIN_LIMIT_WINS, WIN_LIMIT_SAME_PRODUCT, WIN_LIMIT_DAYS). */
export type { WinLimits };

/** For history the seed makes up, and for tests of other rules. */
export const NO_WIN_LIMITS: WinLimits = { wins: 0, sameProductWins: 0, days: 7 };

const DAY_MS = 24 * 3600 * 1000;

/** What "the same product" is: lower case, letters and digits, runs of anything else as one '-' (migration 015 too). */
export function productKeyOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .slice(0, 120)
    .replace(/^-+|-+$/g, "");
}

/** What the rules read of the auction. */
export type RuledAuction = {
  id: number;
  status: "New" | "Waiting" | "Running" | "Ended" | "Canceled";
  price_cents: number;
  starts_at: Date;
  ends_at: Date | null;
  hard_ends_at: Date | null;
  initial_seconds: number;
  min_previous_entries: number;
  max_previous_wins: number | null;
  enrolment_closes_seconds: number | null;
  enrolment_closes_at_price_cents: number | null;
  real_bidders_only: boolean;
  product_key: string;
  entry_fee_cents: number;
  max_seats: number | null;
  seats_taken: number;
};

export const RULED_AUCTION_COLUMNS = `id, status, price_cents, starts_at, ends_at, hard_ends_at, initial_seconds, min_previous_entries,
  max_previous_wins, enrolment_closes_seconds, enrolment_closes_at_price_cents, real_bidders_only, product_key, entry_fee_cents,
  max_seats, seats_taken`;

/** When enrolment in the auction of this row closes by time (contract/enrolment-lock.ts), or null. */
export function enrolmentClosesAt(
  auction: Pick<RuledAuction, "starts_at" | "hard_ends_at" | "initial_seconds" | "enrolment_closes_seconds">,
): Date | null {
  const closesAtMs = enrolmentClosesAtMs({
    startsAtMs: auction.starts_at.getTime(),
    initialSeconds: auction.initial_seconds,
    hardEndsAtMs: auction.hard_ends_at?.getTime() ?? null,
    closesSeconds: auction.enrolment_closes_seconds,
  });
  return closesAtMs === null ? null : new Date(closesAtMs);
}

/** What the lock reads of the auction of this row. */
export const enrolmentLockOf = (auction: RuledAuction): EnrolmentLock => ({
  closesAtMs: enrolmentClosesAt(auction)?.getTime() ?? null,
  closesAtPriceCents: auction.enrolment_closes_at_price_cents,
  priceCents: auction.price_cents,
});

/** A win (`ended_at`) or an open enrolment (null), wins first, oldest first. */
type Counted = { product_key: string; ended_at: Date | null };

/**
 * The limit refusal, if `counted` (wins in the window and open enrolments) already fills `limit`: enrolling could
 * take the bidder over it. `resetsAt` is when enough wins leave the window (open auctions may free a place sooner).
 */
function limitRefusal(code: "WIN_LIMIT" | "PRODUCT_WIN_LIMIT", counted: Counted[], limit: number, days: number): Refusal | null {
  if (limit === 0 || counted.length < limit) return null;
  const wins = counted.flatMap((row) => (row.ended_at ? [row.ended_at.getTime()] : []));
  const leaving = wins[counted.length - limit];
  return new Refusal(code, { limit, days, ...(leaving === undefined ? {} : { resetsAt: leaving + days * DAY_MS }) });
}

/**
 * The first rule that stops `userId` enrolling in `auction` at `now`, or null. In the order the refusals are told:
 * closed, locked, already in, sold out, staff/demo, previous entries, previous wins, the product's limit, the site's limit.
 */
export async function enrolmentRefusal(
  q: Queryable,
  userId: string,
  auction: RuledAuction,
  now: Date,
  limits: WinLimits,
): Promise<Refusal | null> {
  const isOpen = auction.status === "Waiting" || (auction.status === "Running" && auction.ends_at !== null && auction.ends_at > now);
  if (!isOpen) return new Refusal("ENROLMENT_CLOSED");
  if (isEnrolmentLocked(enrolmentLockOf(auction), now.getTime())) return new Refusal("ENROLMENT_LOCKED");
  const [user] = await q.query<{
    is_staff_or_demo: boolean;
    is_closed: boolean;
    needs_date_of_birth: boolean;
    entries: number;
    wins: number;
    is_enrolled: boolean;
  }>(
    `select u.role = 'operator' or u.is_demo as is_staff_or_demo, u.deleted_at is not null as is_closed,
            u.date_of_birth is null and u.role = 'bidder' and not u.is_demo as needs_date_of_birth,
            (select count(*)::int from enrolments e where e.user_id = u.id and e.auction_id <> $2) as entries,
            (select count(*)::int from auctions a where a.winner_id = u.id) as wins,
            exists (select 1 from enrolments e where e.user_id = u.id and e.auction_id = $2) as is_enrolled
     from users u where u.id = $1`,
    [userId, auction.id],
  );
  if (!user) return new Refusal("NOT_FOUND", "There is no such bidder.");
  if (user.is_closed) return new Refusal("ACCOUNT_CLOSED");
  if (user.is_enrolled) return new Refusal("ALREADY_ENROLLED");
  // The last seat goes to the enrolment that locks the row first (decision 102).
  if (auction.max_seats !== null && auction.seats_taken >= auction.max_seats) return new Refusal("SOLD_OUT", { count: auction.max_seats });
  // Accounts made before sign-up asked tell their date of birth once, before their next enrolment (decision 094).
  if (user.needs_date_of_birth) return new Refusal("DATE_OF_BIRTH_REQUIRED");
  if (auction.real_bidders_only && user.is_staff_or_demo) return new Refusal("REAL_BIDDERS_ONLY");
  if (user.entries < auction.min_previous_entries) {
    return new Refusal("MIN_PREVIOUS_ENTRIES", { minPreviousEntries: auction.min_previous_entries });
  }
  if (auction.max_previous_wins !== null && user.wins > auction.max_previous_wins) {
    return new Refusal("MAX_PREVIOUS_WINS", { maxPreviousWins: auction.max_previous_wins, wins: user.wins });
  }
  if (limits.wins === 0 && limits.sameProductWins === 0) return null;
  // Wins in the window, and the auctions the bidder could still win (each might become a win inside it).
  const counted = await q.query<Counted>(
    `select a.product_key, a.ended_at from auctions a where a.winner_id = $1 and a.ended_at > $3
     union all
     select a.product_key, null from enrolments e join auctions a on a.id = e.auction_id
     where e.user_id = $1 and e.auction_id <> $2 and a.status in ('New', 'Waiting', 'Running')
     order by ended_at`,
    [userId, auction.id, new Date(now.getTime() - limits.days * DAY_MS)],
  );
  const sameProduct = counted.filter((row) => row.product_key === auction.product_key);
  return (
    limitRefusal("PRODUCT_WIN_LIMIT", sameProduct, limits.sameProductWins, limits.days) ??
    limitRefusal("WIN_LIMIT", counted, limits.wins, limits.days)
  );
}
