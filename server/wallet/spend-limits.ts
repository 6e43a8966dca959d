// Spend limits and a self-chosen pause (issue 20 item 1, decision 033): the rules, read and judged under the user's row
// lock in the same transactions that move money, so racing requests cannot cross a limit or slip past a pause.
import {
  LIMIT_RAISE_DELAY_HOURS,
  PAUSE_LENGTH_HOURS,
  SPEND_MONTH_TIME_ZONE,
  type Language,
  type PauseLength,
  type SetSpendLimitsBody,
  type SpendLimitsResponse,
  type SpendLimitView,
} from "../../contract";
import type { Database, Queryable } from "../db/database";
import { translatorFor } from "../i18n";
import { Refusal } from "../refusal";

const HOUR_MS = 3600 * 1000;

/** Ledger types that are spending in auctions (net: a refunded entry fee is no longer spent). */
export const AUCTION_SPEND_TYPES = ["AuctionEnrollment", "AuctionPayment", "BuyItNow", "Refund"] as const;

// Months

const rigaParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SPEND_MONTH_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

/** Riga's wall clock at `at`, as if it were UTC: the difference to `at` is Riga's offset then. */
function rigaWallClockMs(at: number): number {
  const parts = Object.fromEntries(rigaParts.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** Midnight on the 1st of `month` (0-based, may overflow into the next year) in Riga, as an instant. */
function rigaMonthStart(year: number, month: number): Date {
  const wallClock = Date.UTC(year, month, 1);
  // Riga's clocks never change at midnight, so the offset a few hours either side is the offset at midnight.
  const offset = rigaWallClockMs(wallClock) - wallClock;
  return new Date(wallClock - offset);
}

/** The calendar month (in Riga) that `now` falls in: when it started and when the next one starts. */
export function spendMonth(now: Date): { startsAt: Date; resetsAt: Date } {
  const wallClock = new Date(rigaWallClockMs(now.getTime()));
  const year = wallClock.getUTCFullYear();
  const month = wallClock.getUTCMonth();
  return { startsAt: rigaMonthStart(year, month), resetsAt: rigaMonthStart(year, month + 1) };
}

// Reading

type LimitsRow = {
  auction_limit_cents: number | null;
  auction_next_cents: number | null;
  auction_next_at: Date | null;
  top_up_limit_cents: number | null;
  top_up_next_cents: number | null;
  top_up_next_at: Date | null;
  paused_until: Date | null;
};

const NO_LIMITS: LimitsRow = {
  auction_limit_cents: null,
  auction_next_cents: null,
  auction_next_at: null,
  top_up_limit_cents: null,
  top_up_next_cents: null,
  top_up_next_at: null,
  paused_until: null,
};

type Limit = { limitCents: number | null; pending: { limitCents: number | null; appliesAt: Date } | null };

/** A limit at `now`: a raise whose 24 hours have passed is in force; one still waiting is pending. */
function limitAt(current: number | null, next: number | null, nextAt: Date | null, now: Date): Limit {
  if (nextAt === null) return { limitCents: current, pending: null };
  if (nextAt <= now) return { limitCents: next, pending: null };
  return { limitCents: current, pending: { limitCents: next, appliesAt: nextAt } };
}

async function readLimits(q: Queryable, userId: string): Promise<LimitsRow> {
  const [row] = await q.query<LimitsRow>(
    `select auction_limit_cents, auction_next_cents, auction_next_at, top_up_limit_cents, top_up_next_cents, top_up_next_at, paused_until
     from spend_limits where user_id = $1`,
    [userId],
  );
  if (!row) return NO_LIMITS;
  return {
    ...row,
    auction_limit_cents: toCents(row.auction_limit_cents),
    auction_next_cents: toCents(row.auction_next_cents),
    top_up_limit_cents: toCents(row.top_up_limit_cents),
    top_up_next_cents: toCents(row.top_up_next_cents),
  };
}

/** bigint columns come back as strings from PostgreSQL. */
const toCents = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** Net auction spending in [from, to): entry fees and payments for wins, less refunds. */
async function auctionSpentCents(q: Queryable, userId: string, month: { startsAt: Date; resetsAt: Date }): Promise<number> {
  const [row] = await q.query<{ spent: number | string | null }>(
    `select -sum(amount_cents) as spent from wallet_transactions
     where user_id = $1 and type = any($2::text[]) and created_at >= $3 and created_at < $4`,
    [userId, AUCTION_SPEND_TYPES, month.startsAt, month.resetsAt],
  );
  return Math.max(0, Number(row?.spent ?? 0));
}

/** Top-ups of the month by when they were asked for: credited ones and those still pending (they may yet be charged). */
async function topUpCountedCents(q: Queryable, userId: string, month: { startsAt: Date; resetsAt: Date }): Promise<number> {
  const [row] = await q.query<{ counted: number | string | null }>(
    `select sum(amount_cents) as counted from payments
     where user_id = $1 and status in ('pending', 'succeeded') and created_at >= $2 and created_at < $3`,
    [userId, month.startsAt, month.resetsAt],
  );
  return Number(row?.counted ?? 0);
}

function limitView(limit: Limit, spentCents: number): SpendLimitView {
  return {
    limitCents: limit.limitCents,
    spentCents,
    leftCents: limit.limitCents === null ? null : Math.max(0, limit.limitCents - spentCents),
    pending: limit.pending && { limitCents: limit.pending.limitCents, appliesAt: limit.pending.appliesAt.toISOString() },
  };
}

/** The limits, this month's spending and the pause, as the profile and the wallet show them. */
export async function spendLimitsView(q: Queryable, userId: string, now: Date): Promise<SpendLimitsResponse> {
  const row = await readLimits(q, userId);
  const month = spendMonth(now);
  return {
    auction: limitView(
      limitAt(row.auction_limit_cents, row.auction_next_cents, row.auction_next_at, now),
      await auctionSpentCents(q, userId, month),
    ),
    topUp: limitView(
      limitAt(row.top_up_limit_cents, row.top_up_next_cents, row.top_up_next_at, now),
      await topUpCountedCents(q, userId, month),
    ),
    pausedUntil: row.paused_until && row.paused_until > now ? row.paused_until.toISOString() : null,
    resetsAt: month.resetsAt.toISOString(),
  };
}

// Judging

/** Locks the user's row for the rest of the transaction: one user's money-moving requests are judged one at a time. */
export async function lockSpender(tx: Queryable, userId: string): Promise<void> {
  await tx.query("select 1 from users where id = $1 for no key update", [userId]);
}

/** SELF_PAUSED with the pause's end, or null when no pause is running. */
export async function pauseRefusal(q: Queryable, userId: string, now: Date): Promise<Refusal | null> {
  const { paused_until: until } = await readLimits(q, userId);
  return until && until > now ? new Refusal("SELF_PAUSED", { until: until.getTime() }) : null;
}

function limitRefusal(
  code: "AUCTION_SPEND_LIMIT" | "TOP_UP_LIMIT",
  limitCents: number | null,
  spentCents: number,
  amountCents: number,
  resetsAt: Date,
): Refusal | null {
  if (limitCents === null || amountCents <= 0 || spentCents + amountCents <= limitCents) return null;
  return new Refusal(code, { limitCents, leftCents: Math.max(0, limitCents - spentCents), resetsAt: resetsAt.getTime() });
}

/** Whether spending `amountCents` in auctions now would cross the month's limit (read without locks for the page). */
export async function auctionSpendRefusal(q: Queryable, userId: string, amountCents: number, now: Date): Promise<Refusal | null> {
  if (amountCents <= 0) return null;
  const row = await readLimits(q, userId);
  const { limitCents } = limitAt(row.auction_limit_cents, row.auction_next_cents, row.auction_next_at, now);
  if (limitCents === null) return null;
  const month = spendMonth(now);
  return limitRefusal("AUCTION_SPEND_LIMIT", limitCents, await auctionSpentCents(q, userId, month), amountCents, month.resetsAt);
}

/**
 * For a transaction about to take `amountCents` from the wallet for an auction (an entry fee, a payment for a win,
 * Buy it now): locks the user's row and refuses (AUCTION_SPEND_LIMIT) what would cross the month's limit. Call it
 * before writing the ledger entry, in the same transaction. A pause does not stop this; `assertNotPaused` does.
 */
export async function assertAuctionSpend(tx: Queryable, userId: string, amountCents: number, now: Date): Promise<void> {
  await lockSpender(tx, userId);
  const refusal = await auctionSpendRefusal(tx, userId, amountCents, now);
  if (refusal) throw refusal;
}

/** Locks the user's row and refuses (SELF_PAUSED) while their pause runs. */
export async function assertNotPaused(tx: Queryable, userId: string, now: Date): Promise<void> {
  await lockSpender(tx, userId);
  const refusal = await pauseRefusal(tx, userId, now);
  if (refusal) throw refusal;
}

/**
 * For a transaction about to record a top-up of `amountCents`: locks the user's row and refuses a paused user
 * (SELF_PAUSED) or a top-up that would take the month's credited and pending top-ups over the limit (TOP_UP_LIMIT).
 */
export async function assertTopUp(tx: Queryable, userId: string, amountCents: number, now: Date): Promise<void> {
  await assertNotPaused(tx, userId, now);
  const row = await readLimits(tx, userId);
  const { limitCents } = limitAt(row.top_up_limit_cents, row.top_up_next_cents, row.top_up_next_at, now);
  const month = spendMonth(now);
  const refusal =
    limitCents === null
      ? null
      : limitRefusal("TOP_UP_LIMIT", limitCents, await topUpCountedCents(tx, userId, month), amountCents, month.resetsAt);
  if (refusal) throw refusal;
}

// Changing

/**
 * The limit after the user asks for `wanted`: lower than (or equal to) the one in force applies now and drops a
 * waiting raise; higher (no limit is the highest) waits 24 hours from this request.
 */
function nextLimit(inForce: Limit, wanted: number | null, now: Date): { current: number | null; next: number | null; nextAt: Date | null } {
  const isHigher = wanted === null ? inForce.limitCents !== null : inForce.limitCents !== null && wanted > inForce.limitCents;
  if (!isHigher) return { current: wanted, next: null, nextAt: null };
  return { current: inForce.limitCents, next: wanted, nextAt: new Date(now.getTime() + LIMIT_RAISE_DELAY_HOURS * HOUR_MS) };
}

export async function setSpendLimits(db: Database, userId: string, wanted: SetSpendLimitsBody, now: Date): Promise<SpendLimitsResponse> {
  return db.transaction(async (tx) => {
    await lockSpender(tx, userId);
    const row = await readLimits(tx, userId);
    const auction = nextLimit(
      limitAt(row.auction_limit_cents, row.auction_next_cents, row.auction_next_at, now),
      wanted.auctionLimitCents,
      now,
    );
    const topUp = nextLimit(limitAt(row.top_up_limit_cents, row.top_up_next_cents, row.top_up_next_at, now), wanted.topUpLimitCents, now);
    await tx.query(
      `insert into spend_limits (user_id, auction_limit_cents, auction_next_cents, auction_next_at, top_up_limit_cents, top_up_next_cents, top_up_next_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (user_id) do update set auction_limit_cents = $2, auction_next_cents = $3, auction_next_at = $4,
         top_up_limit_cents = $5, top_up_next_cents = $6, top_up_next_at = $7, updated_at = $8`,
      [userId, auction.current, auction.next, auction.nextAt, topUp.current, topUp.next, topUp.nextAt, now],
    );
    return spendLimitsView(tx, userId, now);
  });
}

/** Starts a pause, or makes a running one longer; never shorter (PAUSE_CANNOT_BE_SHORTENED, with its end). */
export async function startPause(db: Database, userId: string, length: PauseLength, now: Date): Promise<SpendLimitsResponse> {
  return db.transaction(async (tx) => {
    await lockSpender(tx, userId);
    const { paused_until: current } = await readLimits(tx, userId);
    const until = new Date(now.getTime() + PAUSE_LENGTH_HOURS[length] * HOUR_MS);
    if (current && current > until) throw new Refusal("PAUSE_CANNOT_BE_SHORTENED", { until: current.getTime() });
    await tx.query(
      `insert into spend_limits (user_id, paused_until, updated_at) values ($1, $2, $3)
       on conflict (user_id) do update set paused_until = $2, updated_at = $3`,
      [userId, until, now],
    );
    return spendLimitsView(tx, userId, now);
  });
}

// Telling

/**
 * A refusal of these rules in `language`, with its figures as the language writes them (the SPA does the same with
 * the error's values); for answers the server words itself, like a top-up's errorMessage.
 */
export function spendRefusalText(refusal: Refusal, language: Language): string {
  const money = new Intl.NumberFormat(language, { style: "currency", currency: "EUR" });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: SPEND_MONTH_TIME_ZONE });
  const day = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: SPEND_MONTH_TIME_ZONE });
  const { limitCents, leftCents, resetsAt, until } = refusal.values;
  return translatorFor(language)(`errors.${refusal.code}`, {
    ...(limitCents === undefined ? {} : { limit: money.format(limitCents / 100) }),
    ...(leftCents === undefined ? {} : { left: money.format(leftCents / 100) }),
    ...(resetsAt === undefined ? {} : { resetsAt: day.format(resetsAt) }),
    ...(until === undefined ? {} : { until: dateTime.format(until) }),
  });
}
