// The payout queue (decision 090): payouts waiting or settled, and an operator marking one paid or refusing it.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { OperatorPayoutList, type SettlePayoutBody } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const payoutsKey = ["operator", "payouts"] as const;

export const payoutListQuery = (status: "pending" | "settled") =>
  queryOptions({
    queryKey: [...payoutsKey, status],
    queryFn: ({ signal }) => apiRequest(`/api/operator/payouts?status=${status}`, { schema: OperatorPayoutList, signal }),
    staleTime: 0,
  });

export function useSettlePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payoutId, body }: { payoutId: string; body: SettlePayoutBody }) =>
      apiRequest(`/api/operator/payouts/${payoutId}`, { method: "POST", body, schema: OperatorPayoutList }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsKey }),
  });
}
