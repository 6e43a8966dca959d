// The read side of fulfilment: won auctions as their winner sees them, and with the winner for operators and the feed.
import type { OperatorFulfilment, WonAuction, WonAuctionsResponse, FulfilmentState, Language } from "../../contract";
import { titleFor, titleIn } from "../auctions/auctions.queries";
import type { Queryable } from "../db/database";
import { Refusal } from "../refusal";

type Row = {
  auction_id: number;
  user_id: string;
  title: string;
  images: string[];
  price_cents: number;
  ended_at: Date;
  state: FulfilmentState;
  deadline_at: Date;
  amount_paid_cents: number | null;
  discount_cents: number | null;
  promo_code: string | null;
  delivery_address: string | null;
  phone: string | null;
  paid_at: Date | null;
  in_delivery_at: Date | null;
  delivered_at: Date | null;
  expired_at: Date | null;
  version: number;
  seen_at: Date | null;
  winner_email: string;
  winner_display_name: string;
};

/**
 * The won auctions with their title in `titleLanguage` (decision 030): the winner's request's own language on their
 * pages, the operator's in the operators' queue (decision 084), else the language stored with the winner (the feed's
 * update to them).
 */
const select = (titleLanguage?: Language) => `select f.auction_id, f.user_id, ${titleLanguage ? titleIn(titleLanguage) : titleFor("u.language")} as title, a.images, f.price_cents, coalesce(a.ended_at, f.created_at) as ended_at,
       f.state, f.deadline_at, f.amount_paid_cents, f.discount_cents, p.code as promo_code, f.delivery_address, f.phone,
       f.paid_at, f.in_delivery_at, f.delivered_at, f.expired_at, f.version, f.seen_at,
       u.email as winner_email, u.display_name as winner_display_name
  from fulfilments f
  join auctions a on a.id = f.auction_id
  join users u on u.id = f.user_id
  left join promo_codes p on p.id = f.promo_code_id`;

const iso = (value: Date | null) => value?.toISOString() ?? null;

const toWonAuction = (row: Row): WonAuction => ({
  auctionId: row.auction_id,
  title: row.title,
  image: row.images[0] ?? null,
  finalPriceCents: row.price_cents,
  endedAt: row.ended_at.toISOString(),
  state: row.state,
  deadlineAt: row.deadline_at.toISOString(),
  amountPaidCents: row.amount_paid_cents,
  discountCents: row.discount_cents,
  promoCode: row.promo_code,
  deliveryAddress: row.delivery_address,
  phone: row.phone,
  paidAt: iso(row.paid_at),
  inDeliveryAt: iso(row.in_delivery_at),
  deliveredAt: iso(row.delivered_at),
  expiredAt: iso(row.expired_at),
  version: row.version,
  isSeen: row.seen_at !== null,
});

const toOperatorFulfilment = (row: Row): OperatorFulfilment => ({
  ...toWonAuction(row),
  winnerId: row.user_id,
  winnerEmail: row.winner_email,
  winnerDisplayName: row.winner_display_name,
});

/** The won auctions of the given auctions, with their winners: what the live feed sends to each winner. */
export async function fulfilmentsOf(db: Queryable, auctionIds: number[]): Promise<OperatorFulfilment[]> {
  if (auctionIds.length === 0) return [];
  const rows = await db.query<Row>(`${select()} where f.auction_id = any($1::bigint[])`, [auctionIds]);
  return rows.map(toOperatorFulfilment);
}

/** The signed-in user's won auctions, newest first, and their saved phone and address for the pay form. */
export async function listWonAuctions(db: Queryable, userId: string, language: Language): Promise<WonAuctionsResponse> {
  const rows = await db.query<Row>(`${select(language)} where f.user_id = $1 order by a.ended_at desc nulls last, f.auction_id desc`, [userId]);
  const [user] = await db.query<{ phone: string; delivery_address: string }>("select phone, delivery_address from users where id = $1", [userId]);
  return { items: rows.map(toWonAuction), defaults: { phone: user?.phone ?? "", deliveryAddress: user?.delivery_address ?? "" } };
}

export async function getWonAuction(db: Queryable, userId: string, auctionId: number, language?: Language): Promise<WonAuction> {
  const [row] = await db.query<Row>(`${select(language)} where f.auction_id = $1 and f.user_id = $2`, [auctionId, userId]);
  if (!row) throw new Refusal("NOT_FOUND", "No such won auction.");
  return toWonAuction(row);
}

/**
 * For operators: every fulfilment, or those in one state, oldest deadline first; `limit` at most (the query's default
 * is 100); titles in the operator's `language` (decision 084).
 */
export async function listFulfilments(
  db: Queryable,
  filter: { state?: FulfilmentState | undefined; limit: number },
  language: Language,
): Promise<OperatorFulfilment[]> {
  const rows = await db.query<Row>(
    `${select(language)} where ($1::text is null or f.state = $1) order by f.deadline_at, f.auction_id limit $2`,
    [filter.state ?? null, filter.limit],
  );
  return rows.map(toOperatorFulfilment);
}
