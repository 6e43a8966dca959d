// Verified winners' reviews on the wire (decision 104): a winner whose item was delivered (or a Buy it now buyer whose
// purchase was) posts one review of it, with a rating, a short text and up to three photos; anyone reads them on the
// Winners page and on the auctions of the same product; operators hide one with a reason.
import { z } from "./zod";
import { MAX_REVIEW_PHOTOS, RATING_MAX, RATING_MIN, TEXT_MAX } from "./constants";
import { validationKeys } from "./validation-keys";
import { MAX_IMAGE_BYTES } from "./images";
import { Id, text, wholeNumberParam, IdParam } from "./input";

/** Refusals of posting and of hiding a review; nothing is saved. */
export const reviewErrorMessages = {
  REVIEW_NOT_DELIVERED: "Only a winner or buyer whose item has been delivered can review it.",
  REVIEW_EXISTS: "You have already reviewed this item.",
  REVIEW_PHOTO_TYPE: "Photos must be PNG, JPEG or WebP pictures.",
  REVIEW_ALREADY_HIDDEN: "This review is already hidden.",
} as const;
export type ReviewErrorCode = keyof typeof reviewErrorMessages;

export { MAX_REVIEW_PHOTOS, RATING_MAX, RATING_MIN } from "./constants";
/** How large a review's body may be: three photos at the image limit, base64-encoded, and the text. */
export const REVIEW_BODY_LIMIT_BYTES = Math.ceil((MAX_REVIEW_PHOTOS * MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

export const reviewValidationKeys = {
  rating: "reviews.validation.rating",
  tooManyPhotos: "reviews.validation.tooManyPhotos",
  photoType: "reviews.validation.photoType",
} as const;

/**
 * Control characters (a line break aside) and the bidirectional controls that can make a text read as something else;
 * an emoji's joiners stay allowed.
 */
const CONTROL = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
export const isReviewText = (value: string) => !CONTROL.test(value.replace(/\n/g, ""));

/** The review's text: the shared rules (safe text, 255 characters at most), required, line breaks kept as `\n`. */
export const ReviewText = text({ error: validationKeys.required })
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z.string().min(1, validationKeys.required).max(TEXT_MAX, validationKeys.max255).refine(isReviewText, validationKeys.unseenCharacters),
  );

/** A photo as the browser read it: a data URL of a PNG, JPEG or WebP picture (the server decodes and re-encodes it). */
export const ReviewPhoto = text().regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, reviewValidationKeys.photoType);

/** What a review is of: a won auction (its id) or a Buy it now purchase (its id). */
export const ReviewSource = z.enum(["win", "purchase"]);
export type ReviewSource = z.infer<typeof ReviewSource>;

/** POST /api/reviews. */
export const PostReviewBody = z.object({
  source: ReviewSource,
  sourceId: Id,
  rating: z
    .number({ error: reviewValidationKeys.rating })
    .int(reviewValidationKeys.rating)
    .min(RATING_MIN, reviewValidationKeys.rating)
    .max(RATING_MAX, reviewValidationKeys.rating),
  text: ReviewText,
  photos: z.array(ReviewPhoto).max(MAX_REVIEW_PHOTOS, reviewValidationKeys.tooManyPhotos).default([]),
});
export type PostReviewBody = z.input<typeof PostReviewBody>;

/** One review as anyone reads it: always from a delivered win or purchase, named by the auction it came from. */
export const Review = z.object({
  id: z.number().int(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  text: z.string(),
  /** `/media/…` paths of the re-encoded photos. */
  photos: z.array(z.string()).max(MAX_REVIEW_PHOTOS),
  reviewerName: z.string(),
  source: ReviewSource,
  auctionId: z.number().int(),
  auctionTitle: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof Review>;

/** GET /api/reviews (the Winners page) and GET /api/auctions/{id}/reviews (the same product's): newest first. */
export const ReviewsQuery = z.object({
  limit: wholeNumberParam(1, 50).default(20),
  /** The page after the review with this id (the last one shown). */
  before: IdParam.optional(),
});
export type ReviewsQuery = z.input<typeof ReviewsQuery>;

export const ReviewList = z.object({
  items: z.array(Review),
  /** Over all the visible reviews the list is from (not this page only); null when there is none. */
  averageRating: z.number().nullable(),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type ReviewList = z.infer<typeof ReviewList>;

/** GET /api/reviews/mine: what the signed-in user has reviewed (each source once), hidden ones included. */
export const OwnReview = Review.extend({ sourceId: z.number().int(), isHidden: z.boolean() });
export type OwnReview = z.infer<typeof OwnReview>;
export const OwnReviewList = z.object({ items: z.array(OwnReview) });
export type OwnReviewList = z.infer<typeof OwnReviewList>;

// Operators.

export const ReviewIdParams = z.object({ reviewId: IdParam });

/** POST /api/operator/reviews/{reviewId}/hide: the reason is kept with it and in the audit log. */
export const HideReviewBody = z.object({
  reason: text({ error: validationKeys.required }).trim().min(1, validationKeys.required).max(TEXT_MAX, validationKeys.max255),
});
export type HideReviewBody = z.input<typeof HideReviewBody>;

export const OperatorReviewsQuery = z.object({
  limit: wholeNumberParam(1, 200).default(50),
  hidden: z.enum(["yes", "no"]).optional(),
});
export type OperatorReviewsQuery = z.input<typeof OperatorReviewsQuery>;

export const OperatorReview = OwnReview.extend({
  reviewerId: z.string(),
  reviewerEmail: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  hiddenBy: z.string().nullable(),
});
export type OperatorReview = z.infer<typeof OperatorReview>;
export const OperatorReviewList = z.object({ items: z.array(OperatorReview) });
export type OperatorReviewList = z.infer<typeof OperatorReviewList>;
