// GET /api/user-wallet: only for a signed-in user, no retry (SPEC.md §7).
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { useUser } from "../../auth";
import { setAnswered } from "../../../lib/query-client";

// In the header of every page: the schema (and zod) load beside the request, not before the first paint.
const loadWalletResponse = () => import("../../../../contract/wallet").then((wallet) => wallet.WalletResponse);

export const walletQueryOptions = queryOptions({
  queryKey: ["wallet"],
  queryFn: ({ signal }) => apiRequest("/api/user-wallet", { schema: loadWalletResponse, signal }),
  retry: false,
});

export function useWallet() {
  const { data: user } = useUser();
  return useQuery({ ...walletQueryOptions, enabled: user?.isAuthenticated === true });
}

/**
 * The balance the server has just answered with (an enrolment, a `wallet:updated`). A read of the wallet still in
 * flight left before that change and would bring the old balance back over it, so it is cancelled first.
 */
export function setKnownBalance(queryClient: QueryClient, balance: number): Promise<void> {
  return setAnswered(queryClient, walletQueryOptions.queryKey, { balance });
}
