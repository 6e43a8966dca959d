// GET /api/reviews: every visible review, newest first, a page at a time (the Winners page). Titles are in the
// page's language, so the language is part of the key.
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { Language, ReviewList } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { useLanguage } from "../../../hooks/use-language";
import { reviewsKey } from "./reviews-key";
import { reviewSchema } from "./schemas";

const PAGE_SIZE = 12;

export const winnersReviewsQuery = (language: Language) =>
  infiniteQueryOptions({
    queryKey: [...reviewsKey, "winners", language],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/reviews?limit=${PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ""}`, {
        schema: reviewSchema("ReviewList"),
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: ReviewList) => (last.hasMore ? last.items.at(-1)?.id : undefined),
  });

export const useWinnersReviews = () => useInfiniteQuery(winnersReviewsQuery(useLanguage()));
