// One auction for its detail page, live: updates newer than what we have replace the live fields.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { AuctionDetail, BidChainResponse } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { isNewer } from "../live/apply-update";
import { follow } from "../live/live-auctions";
import { useFallbackPolling } from "../../../hooks/use-fallback-polling";
import { takeFirstScreenAuction } from "./first-screen";

export const auctionQueryOptions = (auctionId: number) =>
  queryOptions({
    queryKey: ["auctions", "detail", auctionId],
    queryFn: ({ signal }) => apiRequest(`/api/auctions/${auctionId}`, { schema: AuctionDetail, signal }),
    retry: false,
  });

export function useAuction(auctionId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = auctionQueryOptions(auctionId).queryKey;
    return follow(
      { kind: "auction", auctionId },
      (update) => {
        if (update.id !== auctionId) return;
        queryClient.setQueryData(key, (current) => (current && isNewer(update, current) ? { ...current, ...update } : current));
      },
      () => void queryClient.invalidateQueries({ queryKey: key }),
    );
  }, [auctionId, queryClient]);
  return useQuery({ ...auctionQueryOptions(auctionId), initialData: () => takeFirstScreenAuction(auctionId), refetchInterval: useFallbackPolling() });
}

export const bidChainQueryOptions = (auctionId: number) =>
  queryOptions({
    queryKey: ["auctions", "chain", auctionId],
    queryFn: ({ signal }) => apiRequest(`/api/auctions/${auctionId}/chain`, { schema: BidChainResponse, signal }),
    retry: false,
  });
