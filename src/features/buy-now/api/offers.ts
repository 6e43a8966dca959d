// GET /api/buy-now/offers: what the signed-in bidder may buy now, for the ended cards. Part of the first screen (the
// home's ended cards), so it imports no schema at run time: the answer's schema loads with the request (decision 014).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BuyNowOffer } from "../../../../contract/buy-now";
import { apiRequest } from "../../../lib/api-client";
import { useUser } from "../../auth";

export const buyNowOffersQueryOptions = queryOptions({
  queryKey: ["buy-now", "offers"],
  queryFn: ({ signal }) =>
    apiRequest("/api/buy-now/offers", {
      schema: () => import("../../../../contract/buy-now").then((schemas) => schemas.BuyNowOffersResponse),
      signal,
    }),
  // Read again whenever a card that needs it appears (an auction just ended); cards mounting together share one read.
  staleTime: 0,
  retry: false,
});

/** The bidder's offer for this ended auction, or null (a visitor, the winner, someone who cannot use one). */
export function useBuyNowOffer(auctionId: number): BuyNowOffer | null {
  const { data: user } = useUser();
  const { data } = useQuery({
    ...buyNowOffersQueryOptions,
    enabled: user?.isAuthenticated === true,
    select: (answer) => answer.items.find((offer) => offer.auctionId === auctionId) ?? null,
  });
  return data ?? null;
}
