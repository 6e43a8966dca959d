// The back office's promo code calls: the list with uses, a new code, and disabling one. Every answer is parsed with
// the contract; a change refreshes the list (the audit log is asked again whenever it shows).
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { PromoCode, PromoCodeList, type CreatePromoCodeBody } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

const promoCodesKey = ["operator", "promo-codes"] as const;

export const promoCodeListQuery = () =>
  queryOptions({
    queryKey: [...promoCodesKey, "list"],
    queryFn: ({ signal }) => apiRequest("/api/operator/promo-codes", { schema: PromoCodeList, signal }),
    staleTime: 0,
  });

export function createPromoCode(body: CreatePromoCodeBody): Promise<PromoCode> {
  return apiRequest("/api/operator/promo-codes", { method: "POST", body, schema: PromoCode });
}

/** Refused with CONFLICT when it is already disabled (another operator was first). */
export function disablePromoCode(code: string): Promise<PromoCode> {
  return apiRequest(`/api/operator/promo-codes/${encodeURIComponent(code)}/disable`, { method: "POST", schema: PromoCode });
}

export function usePromoCodeMutation<Variables>(mutationFn: (variables: Variables) => Promise<PromoCode>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: promoCodesKey }),
  });
}
