// GET /api/auctions/{id}/fairness: an auction's public fairness figures, counted by the server.
import { queryOptions } from "@tanstack/react-query";
import { FairnessFigures, type AuctionStatus } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

/** While an auction runs, its figures are asked again after a bid at most this often (an ended one's never). */
export const LIVE_FIGURES_STALE_MS = 10_000;

/** Keyed by status too, so the auction's end brings the final figures at once. */
export const fairnessQueryOptions = (auctionId: number, status: AuctionStatus) =>
  queryOptions({
    queryKey: ["auctions", "fairness", auctionId, status],
    queryFn: ({ signal }) => apiRequest(`/api/auctions/${auctionId}/fairness`, { schema: FairnessFigures, signal }),
    staleTime: status === "Ended" ? Number.POSITIVE_INFINITY : LIVE_FIGURES_STALE_MS,
    retry: false,
  });
