// GET /api/auctions/{id}/usual-cost: what an auction of this product usually costs, counted by the server.
import { queryOptions } from "@tanstack/react-query";
import { UsualCost } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

/** The server keeps a product's figures five minutes (decision 100); asking more often would bring the same. */
export const usualCostQueryOptions = (auctionId: number) =>
  queryOptions({
    queryKey: ["auctions", "usual-cost", auctionId],
    queryFn: ({ signal }) => apiRequest(`/api/auctions/${auctionId}/usual-cost`, { schema: UsualCost, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
