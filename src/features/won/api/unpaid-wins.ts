// The won auctions' query and the count of unpaid wins the header and the navigation show. Part of the first screen,
// so it imports no schema at run time: the answer's schema loads with the request (decision 014), and "unpaid" is
// read from the contract's plain list of payable states, which the fulfilment machine's `payable` tag agrees with
// (fulfilment.machine.test.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { isOneOf, payableFulfilmentStates } from "../../../../contract/constants";
import { apiRequest } from "../../../lib/api-client";
import { useUser } from "../../auth";

export const wonAuctionsQueryOptions = queryOptions({
  queryKey: ["fulfilments"],
  queryFn: ({ signal }) =>
    apiRequest("/api/fulfilments", {
      schema: () => import("../../../../contract/fulfilment").then((schemas) => schemas.WonAuctionsResponse),
      signal,
    }),
  retry: false,
});

/** How many wins wait for payment (0 for a visitor), from the list `useWonAuctions` keeps live. */
export function useUnpaidWinCount(): number {
  const { data: user } = useUser();
  const { data } = useQuery({
    ...wonAuctionsQueryOptions,
    enabled: user?.isAuthenticated === true,
    select: (list) => list.items.filter((item) => isOneOf(payableFulfilmentStates, item.state)).length,
  });
  return data ?? 0;
}
