// The back office's review calls (decision 104): the newest reviews (all, visible or hidden) and hiding one with a
// reason. Every answer is parsed with the contract; hiding one reads the list again.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { OperatorReview, OperatorReviewList, type Language } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

const reviewsKey = ["operator", "reviews"] as const;
export type ReviewFilter = "all" | "visible" | "hidden";

export const operatorReviewsQuery = (filter: ReviewFilter, language: Language) =>
  queryOptions({
    queryKey: [...reviewsKey, filter, language],
    queryFn: ({ signal }) =>
      apiRequest(`/api/operator/reviews?limit=100${filter === "all" ? "" : `&hidden=${filter === "hidden" ? "yes" : "no"}`}`, {
        schema: OperatorReviewList,
        signal,
      }),
    staleTime: 0,
  });

/** Refused with REVIEW_ALREADY_HIDDEN when another operator was first. */
export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: number; reason: string }) =>
      apiRequest(`/api/operator/reviews/${reviewId}/hide`, { method: "POST", body: { reason }, schema: OperatorReview }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
