// GET /api/auctions/{id}/usual-cost: what an auction of this product usually costs, counted by the server.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { takeFirstScreenUsualCost } from "./first-screen";
import { auctionSchema } from "./schemas";

/**
 * The server keeps a product's figures five minutes (decision 100); asking more often would bring the same. The page
 * that came with them (the auction's first screen) shows them at once, as the server drew them.
 */
export const usualCostQueryOptions = (auctionId: number) =>
  queryOptions({
    queryKey: ["auctions", "usual-cost", auctionId],
    queryFn: ({ signal }) => apiRequest(`/api/auctions/${auctionId}/usual-cost`, { schema: auctionSchema("UsualCost"), signal }),
    initialData: () => takeFirstScreenUsualCost(auctionId),
    staleTime: 5 * 60_000,
    retry: false,
  });
