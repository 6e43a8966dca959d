// GET /api/auctions/{id}/fairness: an auction's public fairness figures, counted by the server.
import { queryOptions } from "@tanstack/react-query";
import type { AuctionStatus } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { auctionSchema } from "./schemas";

/** While the feed has counted bids the figures have not, they are asked again this often (an ended one's never). */
export const FIGURES_CATCH_UP_MS = 1_500;

/** Keyed by status too, so the auction's end brings the final figures at once. */
export const fairnessQueryOptions = (auctionId: number, status: AuctionStatus) =>
  queryOptions({
    queryKey: ["auctions", "fairness", auctionId, status],
    queryFn: ({ signal }) => apiRequest(`/api/auctions/${auctionId}/fairness`, { schema: auctionSchema("FairnessFigures"), signal }),
    staleTime: status === "Ended" ? Number.POSITIVE_INFINITY : FIGURES_CATCH_UP_MS,
    retry: false,
  });
