// The back office's user calls: search a page at a time, one user with balance, transactions and enrolments, a
// wallet adjustment, a role change.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  AuditLogPage,
  OperatorUser,
  OperatorUserBids,
  OperatorUserDetail,
  OperatorUserEnrolments,
  OperatorUserList,
  OperatorUserPurchases,
  OperatorUserSessions,
  OperatorUserTransactions,
  OperatorUserWins,
  SignOutEverywhereResponse,
  type WalletAdjustmentBody,
} from "../../../../contract";
import type { z } from "../../../../contract/zod";
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

/** Each list on a user's page, by its path under the user, with the shape of its page. */
export const userLists = {
  transactions: OperatorUserTransactions,
  enrolments: OperatorUserEnrolments,
  bids: OperatorUserBids,
  wins: OperatorUserWins,
  purchases: OperatorUserPurchases,
  sessions: OperatorUserSessions,
} as const;
export type UserListName = keyof typeof userLists;

/** Rows to a page of a list on a user's page. */
export const USER_LIST_PAGE_SIZE = 10;

/** A page of one of a user's lists. */
export type Paged<T> = { items: T[]; total: number };
type ItemOf<Name extends UserListName> = z.output<(typeof userLists)[Name]>["items"][number];

/** A page of a list read from `path` (a user's list, the log's lines about them), USER_LIST_PAGE_SIZE rows to it. */
export function pagedQuery<T>(
  key: readonly (string | number)[],
  path: string,
  schema: z.ZodType<Paged<T>>,
  page: number,
  extra: Record<string, string> = {},
) {
  return queryOptions<Paged<T>, Error, Paged<T>, (string | number)[]>({
    queryKey: [...usersKey, ...key, page],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ ...extra, limit: String(USER_LIST_PAGE_SIZE), offset: String((page - 1) * USER_LIST_PAGE_SIZE) });
      return apiRequest(`${path}?${query.toString()}`, { schema, signal });
    },
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

export const userListPageQuery = <Name extends UserListName>(id: string, list: Name, page: number) =>
  pagedQuery<ItemOf<Name>>(
    ["one", id, list],
    `/api/operator/users/${encodeURIComponent(id)}/${list}`,
    userLists[list] as unknown as z.ZodType<Paged<ItemOf<Name>>>,
    page,
  );

/** The operators' log lines about the user, a page at a time. */
export const userAuditQuery = (id: string, page: number) =>
  pagedQuery(["one", id, "audit"], "/api/operator/audit-log", AuditLogPage, page, { subject: `user:${id}` });

/** Ends every session of the user, and their open pages' sockets. */
export function signOutEverywhere(id: string): Promise<SignOutEverywhereResponse> {
  return apiRequest(`/api/operator/users/${encodeURIComponent(id)}/sign-out-everywhere`, {
    method: "POST",
    schema: SignOutEverywhereResponse,
  });
}

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
