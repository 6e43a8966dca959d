// GET /api/reviews/mine: what the signed-in user has reviewed (hidden reviews too), so a delivered item shows its
// review instead of the form.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { useLanguage } from "../../../hooks/use-language";
import { reviewsKey } from "./reviews-key";
import { reviewSchema } from "./schemas";

export const ownReviewsQuery = (language: Language) =>
  queryOptions({
    queryKey: [...reviewsKey, "mine", language],
    queryFn: ({ signal }) => apiRequest("/api/reviews/mine", { schema: reviewSchema("OwnReviewList"), signal }),
  });

/** Asked only where it is needed (`isWanted`: a delivered item is on the page), once for all of them. */
export const useOwnReviews = (isWanted = true) => useQuery({ ...ownReviewsQuery(useLanguage()), enabled: isWanted });
