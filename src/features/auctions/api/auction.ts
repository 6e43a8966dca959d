// One auction for its detail page, live: updates newer than what we have replace the live fields.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Language } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { isNewer, withOwnTitle } from "../live/apply-update";
import { follow } from "../live/live-auctions";
import { useFallbackPolling } from "../../../hooks/use-fallback-polling";
import { useLanguage } from "../../../hooks/use-language";
import { takeFirstScreenAuction } from "./first-screen";
import { auctionSchema } from "./schemas";

/** The auction in `language` (the request's Accept-Language says it, api-client.ts). */
export const auctionQueryOptions = (auctionId: number, language: Language) =>
  queryOptions({
    queryKey: ["auctions", "detail", auctionId, language],
    queryFn: ({ signal }) => apiRequest(`/api/auctions/${auctionId}`, { schema: auctionSchema("AuctionDetail"), signal }),
    retry: false,
  });

export function useAuction(auctionId: number) {
  const queryClient = useQueryClient();
  const language = useLanguage();
  useEffect(() => {
    const key = auctionQueryOptions(auctionId, language).queryKey;
    return follow(
      { kind: "auction", auctionId },
      (update) => {
        if (update.id !== auctionId) return;
        queryClient.setQueryData(key, (current) =>
          current && isNewer(update, current) ? withOwnTitle({ ...current, ...update }, current) : current,
        );
      },
      () => void queryClient.invalidateQueries({ queryKey: key }),
    );
  }, [auctionId, language, queryClient]);
  return useQuery({
    ...auctionQueryOptions(auctionId, language),
    initialData: () => takeFirstScreenAuction(auctionId, language),
    refetchInterval: useFallbackPolling(),
  });
}

export const bidChainQueryOptions = (auctionId: number) =>
  queryOptions({
    queryKey: ["auctions", "chain", auctionId],
    queryFn: ({ signal }) => apiRequest(`/api/auctions/${auctionId}/chain`, { schema: auctionSchema("BidChainResponse"), signal }),
    retry: false,
  });
