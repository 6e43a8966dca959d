// The back office's user calls: search, one user with balance and transactions, a wallet adjustment, a role change.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { OperatorUser, OperatorUserDetail, OperatorUserList, type WalletAdjustmentBody } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

/** The API answers the newest users first, at most this many (it has no pages): narrowing the search finds the rest. */
export const USER_LIST_LIMIT = 50;

const usersKey = ["operator", "users"] as const;

export const userListQuery = (search: string) =>
  queryOptions({
    queryKey: [...usersKey, "list", search.trim()],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(USER_LIST_LIMIT) });
      if (search.trim()) query.set("search", search.trim());
      return apiRequest(`/api/operator/users?${query.toString()}`, { schema: OperatorUserList, signal });
    },
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: [...usersKey, "one", id],
    queryFn: ({ signal }) => apiRequest(`/api/operator/users/${encodeURIComponent(id)}`, { schema: OperatorUserDetail, signal }),
    staleTime: 0,
  });

export function adjustWallet(id: string, body: WalletAdjustmentBody): Promise<OperatorUser> {
  return apiRequest(`/api/operator/users/${encodeURIComponent(id)}/wallet`, { method: "POST", body, schema: OperatorUser });
}

export function setRole(id: string, role: OperatorUser["role"]): Promise<OperatorUser> {
  return apiRequest(`/api/operator/users/${encodeURIComponent(id)}/role`, { method: "POST", body: { role }, schema: OperatorUser });
}

/** A change to a user makes the lists and the user's page ask again. */
export function useUserMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
