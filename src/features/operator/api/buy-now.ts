// The back office's Buy it now calls: the purchases in one delivery state (oldest payment first), a delivery step, and
// an auction's switch and stock. Every answer is parsed with the contract; a step refreshes every list of the queue.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  BuyNowSettings,
  OperatorBuyNowList,
  OperatorBuyNowPurchase,
  type AdvanceFulfilmentBody,
  type BuyNowSettingsBody,
  type FulfilmentState,
  type Language,
} from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { FULFILMENT_LIST_LIMIT } from "./fulfilments";
import { setAnswered } from "../../../lib/query-client";

export const purchasesKey = ["operator", "buy-now"] as const;

/** The purchases in one state, titled in the operator's `language`. */
export const buyNowListQuery = (state: FulfilmentState, language: Language) =>
  queryOptions({
    queryKey: [...purchasesKey, "list", state, language],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ state, limit: String(FULFILMENT_LIST_LIMIT) });
      return apiRequest(`/api/operator/buy-now?${query.toString()}`, { schema: OperatorBuyNowList, signal });
    },
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export function advancePurchase({
  purchaseId,
  to,
}: {
  purchaseId: number;
  to: AdvanceFulfilmentBody["to"];
}): Promise<OperatorBuyNowPurchase> {
  return apiRequest(`/api/operator/buy-now/${purchaseId}/advance`, { method: "POST", body: { to }, schema: OperatorBuyNowPurchase });
}

/** A purchase's delivery step makes every list of the purchases ask again. */
export function useAdvancePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advancePurchase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchasesKey }),
  });
}

const settingsKey = (auctionId: number) => ["operator", "auction", auctionId, "buy-now"] as const;

export const buyNowSettingsQuery = (auctionId: number) =>
  queryOptions({
    queryKey: settingsKey(auctionId),
    queryFn: ({ signal }) => apiRequest(`/api/operator/auctions/${auctionId}/buy-now`, { schema: BuyNowSettings, signal }),
    staleTime: 0,
  });

export function useSaveBuyNowSettings(auctionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyNowSettingsBody) =>
      apiRequest(`/api/operator/auctions/${auctionId}/buy-now`, { method: "POST", body, schema: BuyNowSettings }),
    onSuccess: (settings) => setAnswered(queryClient, settingsKey(auctionId), settings),
  });
}
