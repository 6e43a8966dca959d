// Withdrawals (decision 090): what may be withdrawn and the recent ones, asking for one; the wallet's feed reads them
// again whenever the wallet changes (useLiveWallet).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreateWithdrawalResponse, WithdrawalsResponse, type CreateWithdrawalBody } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const withdrawalsQueryOptions = queryOptions({
  queryKey: ["wallet", "withdrawals"],
  queryFn: ({ signal }) => apiRequest("/api/withdrawals", { schema: WithdrawalsResponse, signal }),
  retry: false,
  staleTime: 0,
});

export const useWithdrawals = () => useQuery(withdrawalsQueryOptions);

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWithdrawalBody) => apiRequest("/api/withdrawals", { method: "POST", body, schema: CreateWithdrawalResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsQueryOptions.queryKey }),
  });
}
