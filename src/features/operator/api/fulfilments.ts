// The back office's fulfilment calls: the queue in one state (oldest deadline first) and a delivery step. Every answer
// is parsed with the contract; a step refreshes the queue, and so does any change the operators' socket room hears of
// (live-queue.ts).
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  OperatorFulfilment,
  OperatorFulfilmentList,
  type AdvanceFulfilmentBody,
  type FulfilmentState,
  type Language,
} from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

/** The API answers at most this many per state, oldest deadline first; the rest come as the first are handled. */
export const FULFILMENT_LIST_LIMIT = 100;

export const fulfilmentsKey = ["operator", "fulfilments"] as const;

/** The queue in one state, titled in the operator's `language` (decision 084): a switch of language reads it again. */
export const fulfilmentListQuery = (state: FulfilmentState, language: Language) =>
  queryOptions({
    queryKey: [...fulfilmentsKey, "list", state, language],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ state, limit: String(FULFILMENT_LIST_LIMIT) });
      return apiRequest(`/api/operator/fulfilments?${query.toString()}`, { schema: OperatorFulfilmentList, signal });
    },
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export function advanceFulfilment({ auctionId, to }: { auctionId: number; to: AdvanceFulfilmentBody["to"] }): Promise<OperatorFulfilment> {
  return apiRequest(`/api/operator/fulfilments/${auctionId}/advance`, { method: "POST", body: { to }, schema: OperatorFulfilment });
}

/** A delivery step makes every list of the queue ask again (the row moves from one state's list to the next). */
export function useAdvanceFulfilment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advanceFulfilment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fulfilmentsKey }),
  });
}
