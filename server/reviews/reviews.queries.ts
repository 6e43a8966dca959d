// The read side of reviews: the public lists (every visible review, and one product's), the reviewer's own, and the
// operators' list with what was hidden and why. A hidden review, or one by a closed account, is in no public list.
import type { Language, OperatorReview, OwnReview, Review, ReviewList, ReviewSource } from "../../contract";
import { titleIn } from "../auction-texts";
import type { Queryable } from "../db/database";
import { Refusal } from "../refusal";

type Row = {
  id: number;
  rating: number;
  body: string;
  photos: string[];
  display_name: string;
  win_auction_id: number | null;
  purchase_id: number | null;
  auction_id: number;
  title: string;
  created_at: Date;
  user_id: string;
  email: string;
  hidden_at: Date | null;
  hidden_reason: string | null;
  hidden_by: string | null;
};

const select = (
  language: Language,
) => `select r.id, r.rating, r.body, r.photos, u.display_name, r.win_auction_id, r.purchase_id, r.auction_id,
       ${titleIn(language)} as title, r.created_at, r.user_id, u.email, r.hidden_at, r.hidden_reason, r.hidden_by
  from reviews r
  join auctions a on a.id = r.auction_id
  join users u on u.id = r.user_id`;

/** Shown to anyone: not hidden, and its reviewer's account not closed. */
const VISIBLE = "r.hidden_at is null and u.deleted_at is null";

const sourceOf = (row: Row): ReviewSource => (row.win_auction_id !== null ? "win" : "purchase");

const toReview = (row: Row): Review => ({
  id: Number(row.id),
  rating: row.rating,
  text: row.body,
  photos: row.photos,
  reviewerName: row.display_name,
  source: sourceOf(row),
  auctionId: Number(row.auction_id),
  auctionTitle: row.title,
  createdAt: row.created_at.toISOString(),
});

const toOwnReview = (row: Row): OwnReview => ({
  ...toReview(row),
  sourceId: Number(row.win_auction_id ?? row.purchase_id),
  isHidden: row.hidden_at !== null,
});

/**
 * A page of visible reviews, newest first, after the review `before` when given: all of them, or (`productOf`) those
 * of the product the auction with that id is of (its `product_key`, decision 031), from any of its auctions.
 */
export async function listReviews(
  db: Queryable,
  query: { limit: number; before?: number | undefined; productOf?: number },
  language: Language,
): Promise<ReviewList> {
  const product = (param: string) =>
    query.productOf === undefined ? "true" : `a.product_key = (select product_key from auctions where id = ${param})`;
  const params = [query.before ?? null, query.limit + 1, ...(query.productOf === undefined ? [] : [query.productOf])];
  const rows = await db.query<Row>(
    `${select(language)}
      where ${VISIBLE} and ${product("$3")} and ($1::bigint is null or r.id < $1)
      order by r.id desc
      limit $2`,
    params,
  );
  const [summary] = await db.query<{ count: number; average: number | null }>(
    `select count(*)::int as count, round(avg(r.rating), 1)::float8 as average
       from reviews r join auctions a on a.id = r.auction_id join users u on u.id = r.user_id
      where ${VISIBLE} and ${product("$1")}`,
    query.productOf === undefined ? [] : [query.productOf],
  );
  return {
    items: rows.slice(0, query.limit).map(toReview),
    averageRating: summary?.average ?? null,
    count: summary?.count ?? 0,
    hasMore: rows.length > query.limit,
  };
}

/** The user's own reviews, hidden ones too (they wrote them and may not write another), newest first. */
export async function ownReviews(db: Queryable, userId: string, language: Language): Promise<OwnReview[]> {
  const rows = await db.query<Row>(`${select(language)} where r.user_id = $1 order by r.id desc`, [userId]);
  return rows.map(toOwnReview);
}

export async function ownReview(db: Queryable, reviewId: number, language: Language): Promise<OwnReview> {
  const [row] = await db.query<Row>(`${select(language)} where r.id = $1`, [reviewId]);
  if (!row) throw new Refusal("NOT_FOUND");
  return toOwnReview(row);
}

const toOperatorReview = (row: Row): OperatorReview => ({
  ...toOwnReview(row),
  reviewerId: row.user_id,
  reviewerEmail: row.email,
  hiddenAt: row.hidden_at?.toISOString() ?? null,
  hiddenReason: row.hidden_reason,
  hiddenBy: row.hidden_by,
});

/** Every review for operators, newest first: the hidden ones (`hidden: "yes"`), the visible ones, or both. */
export async function operatorReviews(
  db: Queryable,
  query: { limit: number; hidden?: "yes" | "no" | undefined },
  language: Language,
): Promise<OperatorReview[]> {
  const hidden = query.hidden === "yes" ? "r.hidden_at is not null" : query.hidden === "no" ? "r.hidden_at is null" : "true";
  const rows = await db.query<Row>(`${select(language)} where ${hidden} order by r.id desc limit $1`, [query.limit]);
  return rows.map(toOperatorReview);
}

export async function operatorReview(db: Queryable, reviewId: number, language: Language): Promise<OperatorReview> {
  const [row] = await db.query<Row>(`${select(language)} where r.id = $1`, [reviewId]);
  if (!row) throw new Refusal("NOT_FOUND");
  return toOperatorReview(row);
}
