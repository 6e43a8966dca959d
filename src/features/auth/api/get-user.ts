// GET /authn/user: refetched every 60 s, not on mount, reconnect or window focus (SPEC.md §4).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { AuthUser } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const USER_REFETCH_INTERVAL_MS = 60_000;

export const userQueryOptions = queryOptions({
  queryKey: ["authn", "user"],
  queryFn: ({ signal }) => apiRequest("/authn/user", { schema: AuthUser, signal }),
  refetchInterval: USER_REFETCH_INTERVAL_MS,
  refetchOnMount: false,
  refetchOnReconnect: false,
  refetchOnWindowFocus: false,
});

export function useUser() {
  return useQuery(userQueryOptions);
}
