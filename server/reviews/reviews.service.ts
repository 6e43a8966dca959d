// Posting a review and hiding one. A review needs a delivered win or purchase of the one who posts it, and there is
// one per win or purchase: the insert itself reads the delivered item (and the table's keys hold both rules, migration
// 032), so two posts that race leave one review and tell the other it exists. Photos go through the operators' image
// pipeline (size and pixel limits, re-encoded without their metadata), read before the transaction and stored in it.
import type { Language, OwnReview, OperatorReview, ReviewSource } from "../../contract";
import type { Database, Queryable } from "../db/database";
import { logOperatorAction } from "../audit/operator-actions";
import { prepareImages, storeImages } from "../media/media.service";
import { Refusal } from "../refusal";
import { operatorReview, ownReview } from "./reviews.queries";

export type PostReview = {
  userId: string;
  source: ReviewSource;
  sourceId: number;
  rating: number;
  text: string;
  photos: readonly string[];
};

/** Only photos a bidder's browser read: PNG, JPEG or WebP as data (never a path to a picture already stored). */
const PHOTO_DATA = /^data:image\/(png|jpeg|webp);base64,/;

/** The insert of a review of the user's delivered win (or purchase); no row when there is none or it is reviewed. */
const insertReview: Record<ReviewSource, string> = {
  win: `insert into reviews (user_id, auction_id, win_auction_id, rating, body, photos)
        select f.user_id, f.auction_id, f.auction_id, $3, $4, $5::jsonb
          from fulfilments f where f.auction_id = $1 and f.user_id = $2 and f.state = 'Delivered'
        on conflict do nothing
        returning id`,
  purchase: `insert into reviews (user_id, auction_id, purchase_id, rating, body, photos)
        select b.user_id, b.auction_id, b.id, $3, $4, $5::jsonb
          from buy_now_purchases b where b.id = $1 and b.user_id = $2 and b.state = 'Delivered'
        on conflict do nothing
        returning id`,
};

const reviewed: Record<ReviewSource, string> = {
  win: "select 1 from reviews where win_auction_id = $1",
  purchase: "select 1 from reviews where purchase_id = $1",
};

/** Why the user cannot review the item now: it is reviewed already, or it is not their delivered item; null if they can. */
async function refusalOf(db: Queryable, input: Pick<PostReview, "source" | "sourceId" | "userId">): Promise<Refusal | null> {
  const [existing] = await db.query(reviewed[input.source], [input.sourceId]);
  if (existing) return new Refusal("REVIEW_EXISTS");
  const table = input.source === "win" ? "fulfilments where auction_id = $1" : "buy_now_purchases where id = $1";
  const delivered = await db.query(`select 1 from ${table} and user_id = $2 and state = 'Delivered'`, [input.sourceId, input.userId]);
  return delivered.length > 0 ? null : new Refusal("REVIEW_NOT_DELIVERED");
}

export async function postReview(db: Database, input: PostReview, language: Language): Promise<OwnReview> {
  if (input.photos.some((photo) => !PHOTO_DATA.test(photo))) throw new Refusal("REVIEW_PHOTO_TYPE");
  // Refused at once, before the photos are decoded: encoding takes a while, and a refusal needs none of it.
  const early = await refusalOf(db, input);
  if (early) throw early;
  const pictures = await prepareImages(input.photos);
  const reviewId = await db.transaction(async (tx) => {
    const photos = await storeImages(tx, pictures);
    const [row] = await tx.query<{ id: number }>(insertReview[input.source], [
      input.sourceId,
      input.userId,
      input.rating,
      input.text,
      JSON.stringify(photos),
    ]);
    // Decided here, on what the insert found: a post that raced this one and won makes this one "exists".
    if (!row) throw (await refusalOf(tx, input)) ?? new Refusal("REVIEW_EXISTS");
    return Number(row.id);
  });
  return ownReview(db, reviewId, language);
}

/** Hides a visible review from every public list, with the operator's reason, in the audit log in the same transaction. */
export async function hideReview(
  db: Database,
  input: { reviewId: number; reason: string; actor: string; now: Date },
  language: Language,
): Promise<OperatorReview> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ auction_id: number; user_id: string }>(
      `update reviews set hidden_at = $2, hidden_reason = $3, hidden_by = $4
        where id = $1 and hidden_at is null
        returning auction_id, user_id`,
      [input.reviewId, input.now, input.reason, input.actor.slice(0, 255)],
    );
    if (!row) {
      const [found] = await tx.query("select 1 from reviews where id = $1", [input.reviewId]);
      throw new Refusal(found ? "REVIEW_ALREADY_HIDDEN" : "NOT_FOUND");
    }
    await logOperatorAction(tx, input.actor, "review.hide", `review:${input.reviewId}`, {
      reason: input.reason,
      auctionId: Number(row.auction_id),
      reviewerId: row.user_id,
    });
  });
  return operatorReview(db, input.reviewId, language);
}
