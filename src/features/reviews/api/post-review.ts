// POST /api/reviews: the review of a delivered win or purchase; every reviews list is read again after it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PostReviewBody } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { reviewsKey } from "./reviews-key";
import { reviewSchema } from "./schemas";

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostReviewBody) => apiRequest("/api/reviews", { method: "POST", body, schema: reviewSchema("OwnReview") }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
