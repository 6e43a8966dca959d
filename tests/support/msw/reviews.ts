// The bidder's reviews of what they won or bought.
import { HttpResponse, http } from "msw";
import type { OwnReviewList, ReviewList } from "../../../contract";

/** GET /api/reviews/mine: what the signed-in bidder has reviewed, nothing unless `items` says otherwise. */
export const mine = (items: OwnReviewList["items"] = []) =>
  http.get("/api/reviews/mine", () => HttpResponse.json<OwnReviewList>({ items }));

/** POST /api/reviews: `answer`'s review as written, or its refusal. */
export const write = (answer: () => Response) => http.post("/api/reviews", answer);

/** GET /api/auctions/{id}/reviews: the product's reviews, none unless `list` says otherwise. */
export const ofProduct = (auctionId: number, list: Partial<ReviewList> = {}) =>
  http.get(`/api/auctions/${auctionId}/reviews`, () =>
    HttpResponse.json<ReviewList>({ items: [], averageRating: null, count: 0, hasMore: false, ...list }),
  );
