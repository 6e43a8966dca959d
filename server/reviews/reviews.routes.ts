// Reviews over HTTP (decision 104): the public lists (the Winners page, one product's reviews on its auctions), the
// signed-in user's own reviews and posting one, and the operators' list and hiding. Handlers parse, call one domain
// function, answer.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AuctionIdParams,
  HideReviewBody,
  OperatorReview,
  OperatorReviewList,
  OperatorReviewsQuery,
  OwnReview,
  OwnReviewList,
  PostReviewBody,
  REVIEW_BODY_LIMIT_BYTES,
  ReviewIdParams,
  ReviewList,
  ReviewsQuery,
} from "../../contract";
import { refuseSignedOut, signedInUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { errorAnswers } from "../http/errors";
import { requestLanguage } from "../http/language";
import { actingOperator, refuseNonOperators } from "../accounts/operator-auth";
import { listReviews, operatorReviews, ownReviews } from "./reviews.queries";
import { hideReview, postReview } from "./reviews.service";

export async function reviewsRoutes(
  app: FastifyInstance,
  options: { db: Database; clock: () => Date; sessionSecret: string },
): Promise<void> {
  const { db, clock } = options;
  const open = app.withTypeProvider<ZodTypeProvider>();

  open.get("/api/reviews", { schema: { querystring: ReviewsQuery, response: { 200: ReviewList, ...errorAnswers } } }, async (request) =>
    listReviews(db, request.query, requestLanguage(request)),
  );

  open.get(
    "/api/auctions/:auctionId/reviews",
    { schema: { params: AuctionIdParams, querystring: ReviewsQuery, response: { 200: ReviewList, ...errorAnswers } } },
    async (request) => listReviews(db, { ...request.query, productOf: request.params.auctionId }, requestLanguage(request)),
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("preValidation", refuseSignedOut);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.get("/api/reviews/mine", { schema: { response: { 200: OwnReviewList, ...errorAnswers } } }, async (request) => ({
      items: await ownReviews(db, signedInUser(request).id, requestLanguage(request)),
    }));

    s.post(
      "/api/reviews",
      { bodyLimit: REVIEW_BODY_LIMIT_BYTES, schema: { body: PostReviewBody, response: { 201: OwnReview, ...errorAnswers } } },
      async (request, reply) => {
        const review = await postReview(db, { userId: signedInUser(request).id, ...request.body }, requestLanguage(request));
        return reply.status(201).send(review);
      },
    );
  });

  await app.register(async (operators) => {
    operators.addHook("preValidation", refuseNonOperators(options.sessionSecret));
    const s = operators.withTypeProvider<ZodTypeProvider>();

    s.get(
      "/api/operator/reviews",
      { schema: { querystring: OperatorReviewsQuery, response: { 200: OperatorReviewList, ...errorAnswers } } },
      async (request) => ({ items: await operatorReviews(db, request.query, requestLanguage(request)) }),
    );

    s.post(
      "/api/operator/reviews/:reviewId/hide",
      { schema: { params: ReviewIdParams, body: HideReviewBody, response: { 200: OperatorReview, ...errorAnswers } } },
      async (request) =>
        hideReview(
          db,
          { reviewId: request.params.reviewId, reason: request.body.reason, actor: actingOperator(request), now: clock() },
          requestLanguage(request),
        ),
    );
  });
}
