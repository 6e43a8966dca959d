// The session's reality check (decision 095): its length and cost as the server counts them, answering one, and the
// bidder's interval.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RealityCheckView, type RealityCheckMinutes } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { setAnswered } from "../../../lib/query-client";

export const realityCheckQueryOptions = queryOptions({
  queryKey: ["reality-check"],
  queryFn: ({ signal }) => apiRequest("/api/reality-check", { schema: RealityCheckView, signal }),
  retry: false,
  // Asked afresh when a check falls due and when the tab comes back, not on a timer: the answer says when the next is.
  staleTime: Number.POSITIVE_INFINITY,
});

export const useRealityCheck = (isEnabled = true) => useQuery({ ...realityCheckQueryOptions, enabled: isEnabled });

function useRealityCheckChange<Variables>(change: (variables: Variables) => Promise<RealityCheckView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (view) => setAnswered(queryClient, realityCheckQueryOptions.queryKey, view),
  });
}

/** Continue, a break or a look at the spending: the next check counts from now. */
export const useAnswerRealityCheck = () =>
  useRealityCheckChange(() => apiRequest("/api/reality-check/continue", { method: "POST", schema: RealityCheckView }));

export const useSetRealityCheckInterval = () =>
  useRealityCheckChange((intervalMinutes: RealityCheckMinutes) =>
    apiRequest("/api/reality-check/interval", { method: "PUT", body: { intervalMinutes }, schema: RealityCheckView }),
  );
