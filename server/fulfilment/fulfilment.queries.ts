// The read side of fulfilment: won auctions as their winner sees them, and with the winner for operators and the feed.
import type { OperatorFulfilment, WonAuction, WonAuctionsResponse, FulfilmentState, Language } from "../../contract";
import type { Queryable } from "../db/database";
import { Refusal } from "../refusal";
import { deliveryDefaults, recipientOf, selectDeliveries, toDelivery, type DeliveryRow } from "./delivery";

/** A won auction's own columns besides those it shares with a Buy it now purchase. */
type Row = DeliveryRow & { price_cents: number; ended_at: Date; deadline_at: Date; expired_at: Date | null; seen_at: Date | null };

/**
 * The won auctions with their title in `titleLanguage` (decision 030): the winner's request's own language on their
 * pages, the operator's in the operators' queue (decision 084), else the language stored with the winner (the feed's
 * update to them).
 */
const select = (titleLanguage?: Language) =>
  selectDeliveries(
    {
      table: "fulfilments",
      alias: "f",
      columns: "f.price_cents, coalesce(a.ended_at, f.created_at) as ended_at, f.deadline_at, f.expired_at, f.seen_at",
    },
    titleLanguage,
  );

const toWonAuction = (row: Row): WonAuction => ({
  ...toDelivery(row),
  finalPriceCents: row.price_cents,
  endedAt: row.ended_at.toISOString(),
  deadlineAt: row.deadline_at.toISOString(),
  paidAt: row.paid_at?.toISOString() ?? null,
  expiredAt: row.expired_at?.toISOString() ?? null,
  isSeen: row.seen_at !== null,
});

const toOperatorFulfilment = (row: Row): OperatorFulfilment => ({ ...toWonAuction(row), ...recipientOf("winner", row) });

/** The won auctions of the given auctions, with their winners: what the live feed sends to each winner. */
export async function fulfilmentsOf(db: Queryable, auctionIds: number[]): Promise<OperatorFulfilment[]> {
  if (auctionIds.length === 0) return [];
  const rows = await db.query<Row>(`${select()} where f.auction_id = any($1::bigint[])`, [auctionIds]);
  return rows.map(toOperatorFulfilment);
}

/** The signed-in user's won auctions, newest first, and their saved phone and address for the pay form. */
export async function listWonAuctions(db: Queryable, userId: string, language: Language): Promise<WonAuctionsResponse> {
  const rows = await db.query<Row>(`${select(language)} where f.user_id = $1 order by a.ended_at desc nulls last, f.auction_id desc`, [
    userId,
  ]);
  return { items: rows.map(toWonAuction), defaults: await deliveryDefaults(db, userId) };
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
