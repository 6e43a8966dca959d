// POST /api/reviews: the review of a delivered win or purchase; every reviews list is read again after it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { OwnReview, type PostReviewBody } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { reviewsKey } from "./reviews-key";

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostReviewBody) => apiRequest("/api/reviews", { method: "POST", body, schema: OwnReview }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
