// GET /api/user-wallet: only for a signed-in user, no retry (SPEC.md §7).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { WalletResponse } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { useUser } from "../../auth/auth-provider";

export const walletQueryOptions = queryOptions({
  queryKey: ["wallet"],
  queryFn: ({ signal }) => apiRequest("/api/user-wallet", { schema: WalletResponse, signal }),
  retry: false,
});

export function useWallet() {
  const { data: user } = useUser();
  return useQuery({ ...walletQueryOptions, enabled: user?.isAuthenticated === true });
}
