// One auction's Buy it now for the signed-in bidder: GET /api/auctions/{id}/buy-now (the offer or the purchase), kept
// live by `buyNow:updated` (a newer version replaces the purchase) and read again each time the socket connects; the
// quote and the purchase. The server computes every amount.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { BuyNowPurchase, BuyNowStatus, QuoteResponse, type PayBody } from "../../../../contract";
import { showToast } from "../../../components/ui/toast";
import { apiRequest } from "../../../lib/api-client";
import { followWithResync, onSocket } from "../../../lib/socket";
import { walletQueryOptions } from "../../wallet";
import { buyNowOffersQueryOptions } from "./offers";
import { rereadIfInFlight } from "../../../lib/query-client";

const statusKey = (auctionId: number) => ["buy-now", "auction", auctionId] as const;

export function useBuyNowStatus(auctionId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: statusKey(auctionId) });
    const onUpdate = (raw: unknown) => {
      const parsed = BuyNowPurchase.safeParse(raw);
      if (!parsed.success || parsed.data.auctionId !== auctionId) return;
      queryClient.setQueryData(statusKey(auctionId), (status: BuyNowStatus | undefined) =>
        status && (!status.purchase || status.purchase.version < parsed.data.version)
          ? // The title stays the one read in the page's language (an update is in the buyer's stored one).
            { ...status, offer: null, reason: null, purchase: { ...parsed.data, title: status.purchase?.title ?? parsed.data.title } }
          : status,
      );
    };
    return onSocket((socket) => followWithResync(socket, "buyNow:updated", onUpdate, refetch));
  }, [auctionId, queryClient]);
  return useQuery({
    queryKey: statusKey(auctionId),
    queryFn: ({ signal }) => apiRequest(`/api/auctions/${auctionId}/buy-now`, { schema: BuyNowStatus, signal }),
    staleTime: 0,
    retry: false,
  });
}

export const quoteBuyNow = (auctionId: number, promoCode: string) =>
  apiRequest(`/api/auctions/${auctionId}/buy-now/quote`, { method: "POST", body: { promoCode }, schema: QuoteResponse });

/** Buys; the page shows the purchase's stepper in place of the offer at once. A failure the pay form says alone. */
export function useBuyNow(auctionId: number) {
  const { t } = useTexts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayBody) => apiRequest(`/api/auctions/${auctionId}/buy-now`, { method: "POST", body, schema: BuyNowPurchase }),
    onSuccess: (purchase) => {
      showToast("success", t("fulfilment.success"));
      queryClient.setQueryData(
        statusKey(auctionId),
        (status: BuyNowStatus | undefined) => status && { ...status, offer: null, reason: null, purchase },
      );
      rereadIfInFlight(queryClient, statusKey(auctionId));
      void queryClient.invalidateQueries({ queryKey: buyNowOffersQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: walletQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    },
  });
}
