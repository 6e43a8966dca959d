// Spend limits and a pause (decision 033): read them, set both limits, start (or lengthen) a pause.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PauseLength, SetSpendLimitsBody, SpendLimitsResponse } from "../../../../contract";
import { apiRequest, schemasOf } from "../../../lib/api-client";
import { setAnswered } from "../../../lib/query-client";

// Read on an auction's page too: its schema loads beside the request, not with the page (decision 116).
const limitsSchema = schemasOf(() => import("../../../../contract/spend-limits"))("SpendLimitsResponse");

export const spendLimitsQueryOptions = queryOptions({
  queryKey: ["wallet", "spend-limits"],
  queryFn: ({ signal }) => apiRequest("/api/spend-limits", { schema: limitsSchema, signal }),
  retry: false,
  // Spending moves with every enrolment and payment: read it afresh whenever the wallet or profile opens.
  staleTime: 0,
});

export const useSpendLimits = () => useQuery(spendLimitsQueryOptions);

function useSpendLimitsChange<Variables>(change: (variables: Variables) => Promise<SpendLimitsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (limits) => setAnswered(queryClient, spendLimitsQueryOptions.queryKey, limits),
  });
}

export const useSetSpendLimits = () =>
  useSpendLimitsChange((body: SetSpendLimitsBody) => apiRequest("/api/spend-limits", { method: "PUT", body, schema: limitsSchema }));

export const useStartPause = () =>
  useSpendLimitsChange((length: PauseLength) =>
    apiRequest("/api/spend-limits/pause", { method: "POST", body: { length }, schema: limitsSchema }),
  );
