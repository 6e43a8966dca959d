// The read side: auctions as lists show them (AuctionCardState) and as their own pages do (AuctionState), built in a few
// queries per batch.
import {
  cardState,
  type AuctionCardState,
  type AuctionDetail,
  type AuctionSort,
  type AuctionState,
  type AuctionStatus,
  type BidChainResponse,
  type BidderLabel,
  type BidEntry,
  type Language,
  type SearchAuctionsResponse,
} from "../../contract";
import { bidHash, genesisHash } from "./bid-chain";
import { enrolmentClosesAt } from "./enrolment-rules";
import type { Queryable } from "../db/database";
import { descriptionIn, titleIn } from "../auction-texts";

export const RECENT_BIDS = 10;

/** What an auction's live state is made of (`stateJson`, with its leader's and winner's names). */
export type AuctionRow = {
  id: number;
  seq: number;
  status: AuctionStatus;
  title: string;
  images: string[];
  retail_value_cents: number;
  entry_fee_cents: number;
  price_cents: number;
  starts_at: Date;
  ends_at: Date | null;
  hard_ends_at: Date | null;
  price_cap_cents: number | null;
  reset_seconds: number;
  min_previous_entries: number;
  initial_seconds: number;
  max_previous_wins: number | null;
  enrolment_closes_seconds: number | null;
  enrolment_closes_at_price_cents: number | null;
  real_bidders_only: boolean;
  fee_back_percent: number;
  min_seats: number | null;
  max_seats: number | null;
  seats_taken: number;
  manual_only: boolean;
  leader_name: string | null;
  winner_name: string | null;
  leader_id: string | null;
  winner_id: string | null;
  bid_count: number;
  final_hash: string | null;
  /** The last `RECENT_BIDS` bids, newest first, kept in the row by each bid (migrations 012 and 017). */
  recent_bids: BidEntry[];
  /** An ended auction's net entry fees from the ledger, in all and the winner's (`auction_fees`, server/db/functions/auction_fees.sql); null before the end. */
  entry_fees_cents: number | null;
  winner_fee_cents: number | null;
  /** The win's payment window closed unpaid (its fulfilment expired). place_bid's state, a running auction's, leaves it out. */
  payment_lapsed?: boolean;
};

/** A bidder's label from their row `u` (place_bid writes the same into recent bids). */
export const BIDDER_LABEL = "case when u.role = 'operator' then 'staff' when u.is_demo then 'demo' end";

/** An auction's own columns in its live state, by their names in `AuctionRow`. */
const AUCTION_STATE_COLUMNS = [
  "id",
  "seq",
  "status",
  "title",
  "images",
  "retail_value_cents",
  "entry_fee_cents",
  "price_cents",
  "starts_at",
  "ends_at",
  "hard_ends_at",
  "price_cap_cents",
  "reset_seconds",
  "min_previous_entries",
  "bid_count",
  "final_hash",
  "recent_bids",
  "initial_seconds",
  "max_previous_wins",
  "enrolment_closes_seconds",
  "enrolment_closes_at_price_cents",
  "real_bidders_only",
  "fee_back_percent",
  "min_seats",
  "max_seats",
  "seats_taken",
  "manual_only",
] as const satisfies readonly (keyof AuctionRow)[];

/**
 * Auction `a`'s live state as one json value (decision 044): the database client reads one field instead of thirty,
 * which cost a fifth of a bid's CPU on PGlite. `title` is SQL for the title; leader `l`, winner `w` and the fees `f`
 * joined. place_bid (server/db/functions/place_bid.sql) builds the same object.
 */
const stateJson = (title: string) =>
  `json_build_object(${AUCTION_STATE_COLUMNS.map((column) => `'${column}', ${column === "title" ? title : `a.${column}`}`).join(", ")},
     'leader_name', l.display_name, 'winner_name', w.display_name, 'leader_id', a.leader_id, 'winner_id', a.winner_id, 'entry_fees_cents', f.entry_fees_cents, 'winner_fee_cents', f.winner_fee_cents,
     'payment_lapsed', a.status = 'Ended' and exists (select 1 from fulfilments x where x.auction_id = a.id and x.state = 'Expired'))`;

/** An `AuctionRow` as json carries it: its times as ISO text. */
export type AuctionJson = Omit<AuctionRow, "starts_at" | "ends_at" | "hard_ends_at"> & {
  starts_at: string;
  ends_at: string | null;
  hard_ends_at: string | null;
};

export const rowOfJson = (json: AuctionJson): AuctionRow => ({
  ...json,
  starts_at: new Date(json.starts_at),
  ends_at: json.ends_at === null ? null : new Date(json.ends_at),
  hard_ends_at: json.hard_ends_at === null ? null : new Date(json.hard_ends_at),
});

/** Each auction's state as json (`state`), and any `more` columns, from `auctions a` with what the state reads. */
const selectIn = (
  language: Language | undefined,
  more = "",
) => `select ${stateJson(language ? titleIn(language) : "a.title")} as state${more}
  from auctions a
  left join users l on l.id = a.leader_id
  left join users w on w.id = a.winner_id
  left join lateral auction_fees(a.id, a.winner_id, a.status) f on true`;

/** Part of any language's title, as a `containsPattern` in `$param`; `a.title` too, for an auction without texts. */
export const titleMatches = (param: string): string =>
  `(a.title ilike ${param} escape '\\' or exists (select 1 from auction_texts t where t.auction_id = a.id and t.title ilike ${param} escape '\\'))`;

/** An auction's live state from its row; `serverNow` lets clients correct their clock. */
export function auctionState(row: AuctionRow, serverNow: number): AuctionState {
  return {
    id: row.id,
    seq: row.seq,
    status: row.status,
    title: row.title,
    image: row.images[0] ?? null,
    retailValueCents: row.retail_value_cents,
    entryFeeCents: row.entry_fee_cents,
    priceCents: row.price_cents,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    hardEndsAt: row.hard_ends_at?.toISOString() ?? null,
    priceCapCents: row.price_cap_cents,
    resetSeconds: row.reset_seconds,
    minPreviousEntries: row.min_previous_entries,
    maxPreviousWins: row.max_previous_wins,
    enrolmentClosesAt: enrolmentClosesAt(row)?.toISOString() ?? null,
    enrolmentClosesAtPriceCents: row.enrolment_closes_at_price_cents,
    realBiddersOnly: row.real_bidders_only,
    feeBackPercent: row.fee_back_percent,
    seats: row.min_seats === null && row.max_seats === null ? null : { min: row.min_seats, max: row.max_seats, taken: row.seats_taken },
    manualOnly: row.manual_only,
    leaderName: row.leader_name,
    winnerName: row.winner_name,
    leaderId: row.leader_id,
    winnerId: row.winner_id,
    paymentLapsed: row.payment_lapsed === true,
    bidCount: row.bid_count,
    recentBids: row.recent_bids,
    finalHash: row.final_hash,
    trueCost:
      row.status === "Ended" && row.entry_fees_cents !== null
        ? {
            winnerPaidCents: row.winner_fee_cents === null ? null : row.price_cents + row.winner_fee_cents,
            entryFeesCents: row.entry_fees_cents,
          }
        : null,
    serverNow,
  };
}

/** A live state as a card shows it, without the recent bids (lists and their feed, decision 056). */
const statesOf = (rows: { state: AuctionJson }[]): AuctionState[] => {
  const serverNow = Date.now();
  return rows.map((row) => auctionState(rowOfJson(row.state), serverNow));
};

type ListStatus = "Running" | "Waiting" | "Ended";

/** Each status's natural order, which `endingSoon` means; the other sorts fall back on it for ties. */
const NATURAL_ORDER: Record<ListStatus, string> = {
  Running: "a.ends_at asc, a.id",
  Waiting: "a.starts_at asc, a.id",
  Ended: "a.ended_at desc nulls last, a.id desc",
};

function orderBy(status: ListStatus, sort: AuctionSort): string {
  if (sort === "lowestPrice") return `a.price_cents asc, ${NATURAL_ORDER[status]}`;
  // Ids are handed out as auctions are listed, so the highest is the newest; live lists order by it too.
  if (sort === "newest") return "a.id desc";
  return NATURAL_ORDER[status];
}

/** The query as a LIKE pattern that matches it literally: its own `%`, `_` and `\` are escaped. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export type AuctionSearch = {
  status: ListStatus;
  language: Language;
  query?: string | undefined;
  sort: AuctionSort;
  freeEntry: boolean;
  offset: number;
  limit: number;
};

/**
 * One page of a search and the number of auctions it matches, read in one statement: the count is a subquery of the
 * page's, so the two see the same moment. (As two statements on PostgreSQL, an auction that started between them gave
 * Home's Running section a page without it and a total of one, whose "more" never came.) A page past the end has no
 * row to carry the count: the count is asked again then, and the total is at most the offset.
 */
export async function searchAuctions(db: Queryable, search: AuctionSearch): Promise<{ items: AuctionCardState[]; total: number }> {
  // One where clause for the page and the count; every value a parameter, the order picked from fixed text.
  const query = search.query ? containsPattern(search.query) : null;
  const where = `a.status = $1 and ($2::text is null or ${titleMatches("$2")}) and (not $3 or a.entry_fee_cents = 0)`;
  const params = [search.status, query, search.freeEntry];
  const counted = `(select count(*)::int from auctions a where ${where})`;
  const rows = await db.query<{ state: AuctionJson; total: number }>(
    `${selectIn(search.language, `, ${counted} as total`)} where ${where} order by ${orderBy(search.status, search.sort)} limit $4 offset $5`,
    [...params, search.limit, search.offset],
  );
  const items = statesOf(rows).map(cardState);
  const [first] = rows;
  if (first) return { items, total: first.total };
  if (search.offset === 0) return { items, total: 0 };
  const [count] = await db.query<{ n: number }>(`select ${counted} as n`, params);
  return { items, total: Math.min(count?.n ?? 0, search.offset) };
}

/** One page of a search as POST /api/auctions/search answers it: from `offset`, `pageSize` cards at most. */
export async function searchPage(
  db: Queryable,
  search: Omit<AuctionSearch, "limit"> & { pageSize: number },
): Promise<SearchAuctionsResponse> {
  const { pageSize, offset } = search;
  const { items, total } = await searchAuctions(db, { ...search, limit: pageSize });
  return { items, page: Math.floor(offset / pageSize) + 1, pageSize, total, offset, hasMore: offset + items.length < total };
}

const PUBLIC_STATUSES: AuctionStatus[] = ["Waiting", "Running", "Ended"];

/**
 * Public auctions only: drafts (New) are never shown; canceled ones only to the feed, so open pages drop them. In
 * `language` (with its fallbacks), or without one the catalogue title, as the feed sends it.
 */
export async function auctionStates(
  db: Queryable,
  ids: number[],
  language: Language | undefined,
  statuses: AuctionStatus[] = PUBLIC_STATUSES,
): Promise<AuctionState[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ state: AuctionJson }>(
    `${selectIn(language)} where a.id = any($1::bigint[]) and a.status = any($2::text[])`,
    [ids, statuses],
  );
  return statesOf(rows);
}

/** The states of these auctions, in the order given. */
export async function auctionStatesInOrder(db: Queryable, ids: number[], language: Language): Promise<AuctionState[]> {
  const states = new Map((await auctionStates(db, ids, language)).map((state) => [state.id, state]));
  return ids.flatMap((id) => states.get(id) ?? []);
}

export async function auctionDetail(db: Queryable, id: number, language: Language): Promise<AuctionDetail | null> {
  // A seat auction the lifecycle canceled at its start for too few seats was public until then: its page says so
  // (decision 102). Any other canceled one (a draft, or an operator's cancel) stays unlisted.
  const [state] = await auctionStates(db, [id], language, [...PUBLIC_STATUSES, "Canceled"]);
  if (state?.status === "Canceled") {
    const [shown] = await db.query("select 1 from auctions where id = $1 and seats_short_at is not null", [id]);
    if (!shown) return null;
  }
  if (!state) return null;
  const [row] = await db.query<{ description: string; images: string[]; payment_window_hours: number }>(
    `select ${descriptionIn(language)} as description, images, payment_window_hours from auctions a where id = $1`,
    [id],
  );
  return { ...state, description: row?.description ?? "", images: row?.images ?? [], paymentWindowHours: row?.payment_window_hours ?? 72 };
}

/** The whole chain of an auction, checked link by link on the server too. The public sees published ones only. */
export async function bidChain(
  db: Queryable,
  id: number,
  options: { includeUnpublished?: boolean } = {},
): Promise<BidChainResponse | null> {
  const [auction] = await db.query<{ final_hash: string | null }>(
    "select final_hash from auctions where id = $1 and ($2 or status in ('Waiting', 'Running', 'Ended'))",
    [id, options.includeUnpublished === true],
  );
  if (!auction) return null;
  const rows = await db.query<{
    user_id: string;
    display_name: string;
    label: BidderLabel | null;
    price_cents: number;
    placed_at: Date;
    prev_hash: string;
    hash: string;
    is_auto: boolean;
  }>(
    `select b.user_id, u.display_name, ${BIDDER_LABEL} as label, b.price_cents, b.placed_at, b.prev_hash, b.hash, b.is_auto
     from bids b join users u on u.id = b.user_id where b.auction_id = $1 order by b.id`,
    [id],
  );
  const genesis = genesisHash(id);
  let previous = genesis;
  let isValid = true;
  for (const row of rows) {
    const expected = bidHash({
      prevHash: previous,
      auctionId: id,
      userId: row.user_id,
      priceCents: row.price_cents,
      placedAt: row.placed_at,
    });
    if (row.prev_hash !== previous || row.hash !== expected) isValid = false;
    previous = row.hash;
  }
  if (auction.final_hash !== null && auction.final_hash !== previous) isValid = false;
  return {
    auctionId: id,
    genesisHash: genesis,
    finalHash: auction.final_hash,
    isValid,
    links: rows.map((row) => ({
      bidderId: row.user_id,
      displayName: row.display_name,
      label: row.label,
      priceCents: row.price_cents,
      placedAt: row.placed_at.toISOString(),
      prevHash: row.prev_hash,
      hash: row.hash,
      isAuto: row.is_auto,
    })),
  };
}
