// The back office's user calls: search a page at a time, one user with balance, transactions and enrolments, a
// wallet adjustment, a role change.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { OperatorUser, OperatorUserDetail, OperatorUserList, type WalletAdjustmentBody } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

/** Users to a page of the list, newest first. */
export const USER_PAGE_SIZE = 50;

const usersKey = ["operator", "users"] as const;

export const userListQuery = ({ search, page }: { search: string; page: number }) =>
  queryOptions({
    queryKey: [...usersKey, "list", search.trim(), page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(USER_PAGE_SIZE), offset: String((page - 1) * USER_PAGE_SIZE) });
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
