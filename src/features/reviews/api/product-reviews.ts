// GET /api/auctions/{id}/reviews: the visible reviews of the product the auction is of (from any of its auctions),
// newest first, a page at a time, with their count and average.
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { Language, ReviewList } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { useLanguage } from "../../../hooks/use-language";
import { useMayLoadBelowTheFold } from "../../../lib/first-screen-moment";
import { reviewsKey } from "./reviews-key";
import { reviewSchema } from "./schemas";

const PAGE_SIZE = 4;

export const productReviewsQuery = (auctionId: number, language: Language) =>
  infiniteQueryOptions({
    queryKey: [...reviewsKey, "product", auctionId, language],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/auctions/${auctionId}/reviews?limit=${PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ""}`, {
        schema: reviewSchema("ReviewList"),
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: ReviewList) => (last.hasMore ? last.items.at(-1)?.id : undefined),
  });

export const useProductReviews = (auctionId: number) =>
  useInfiniteQuery({ ...productReviewsQuery(auctionId, useLanguage()), enabled: useMayLoadBelowTheFold() });
