// Quote (what a promo code takes off) and pay for a won auction. The server computes every amount.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTexts } from "../../../hooks/use-texts";
import { QuoteResponse, WonAuction, type PayBody } from "../../../../contract";
import { showToast } from "../../../components/ui/toast";
import { apiRequest } from "../../../lib/api-client";
import { walletQueryOptions } from "../../wallet";
import { applyWonAuctionUpdate, wonAuctionsQueryOptions } from "./won-auctions";
import { rereadIfInFlight } from "../../../lib/query-client";

export const quotePayment = (auctionId: number, promoCode: string) =>
  apiRequest(`/api/fulfilments/${auctionId}/quote`, { method: "POST", body: { promoCode }, schema: QuoteResponse });

export const payForWonAuction = (auctionId: number, body: PayBody) =>
  apiRequest(`/api/fulfilments/${auctionId}/pay`, { method: "POST", body, schema: WonAuction });

/**
 * Pays; success is told here in a toast, as the pay form leaves the page the moment the auction is paid. A failure is
 * told by the form alone, which stays (one message, not a toast saying something else beside it).
 */
export function usePayForWonAuction(auctionId: number) {
  const { t } = useTexts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayBody) => payForWonAuction(auctionId, body),
    onSuccess: (paid) => {
      showToast("success", t("fulfilment.success"));
      queryClient.setQueryData(wonAuctionsQueryOptions.queryKey, (list) => (list ? (applyWonAuctionUpdate(list, paid) ?? list) : list));
      rereadIfInFlight(queryClient, wonAuctionsQueryOptions.queryKey);
      void queryClient.invalidateQueries({ queryKey: walletQueryOptions.queryKey });
      // Phone and address became the profile's defaults (the profile page's query key).
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    },
  });
}
