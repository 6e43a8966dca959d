// The lists: by status for Home (SPEC.md §7: cached per status, no retry, previous data kept while loading,
// no refetch on mount), my active auctions and favourites. Each follows the live feed.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { AuctionListResponse, SearchAuctionsResponse, type AuctionState } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { useUser } from "../../auth/auth-provider";
import { applyToList, isNewer } from "../live/apply-update";
import { follow } from "../live/live-auctions";
import { useFallbackPolling } from "../live/use-fallback-polling";

export type ListStatus = "Running" | "Waiting" | "Ended";
export const LIST_PAGE_SIZE = 24;

export const auctionListQueryOptions = (status: ListStatus) =>
  queryOptions({
    queryKey: ["auctions", "list", status],
    queryFn: ({ signal }) =>
      apiRequest("/api/auctions/search", { method: "POST", body: { status, pageSize: LIST_PAGE_SIZE }, schema: SearchAuctionsResponse, signal }),
    retry: false,
    placeholderData: keepPreviousData,
    refetchOnMount: false,
    // applyToList already keeps every unchanged item as it was; deep-comparing the whole list on each live update
    // would only cost time.
    structuralSharing: false,
  });

export function useAuctionList(status: ListStatus) {
  const options = auctionListQueryOptions(status);
  useLiveStatusList(status, options.queryKey);
  return useQuery({ ...options, refetchInterval: useFallbackPolling() });
}

/** How long updates to a list gather before one render applies them all. */
export const LIST_FLUSH_MS = 100;

/**
 * Keeps the cached list at `queryKey` live: updates of its status list are gathered and applied together, at most
 * one list render per LIST_FLUSH_MS, so a busy feed (hundreds of updates a second) does not re-render the list once
 * per message. Only the newest state of each auction counts (`applyToList` drops older ones).
 */
export function useLiveStatusList(status: ListStatus, queryKey: readonly unknown[]): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let pending: AuctionState[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const updates = pending;
      pending = [];
      queryClient.setQueryData<{ items: AuctionState[] }>(
        queryKey,
        (page) => page && { ...page, items: updates.reduce((items, update) => applyToList(items, update, status), page.items) },
      );
    };
    const stop = follow(
      { kind: "status", status },
      (update) => {
        pending.push(update);
        timer ??= setTimeout(flush, LIST_FLUSH_MS);
      },
      () => void queryClient.invalidateQueries({ queryKey }),
    );
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
    // The key is derived from status alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, queryClient]);
}

const personalList = (key: string, path: string) =>
  queryOptions({
    queryKey: ["auctions", key],
    queryFn: ({ signal }) => apiRequest(path, { schema: AuctionListResponse, signal }),
    retry: false,
  });

export const myActiveQueryOptions = personalList("my-active", "/api/auctions/my-active");
export const favouritesQueryOptions = personalList("favourites", "/api/favourites");

/** A signed-in list whose items stay live: each shown auction is followed while the list is on screen. */
export function usePersonalList(options: typeof myActiveQueryOptions) {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const query = useQuery({ ...options, enabled: user?.isAuthenticated === true, refetchInterval: useFallbackPolling() });
  const ids = (query.data?.items ?? []).map((item) => item.id).join(",");
  useEffect(() => {
    const stops = ids
      .split(",")
      .filter(Boolean)
      .map((id) =>
        follow(
          { kind: "auction", auctionId: Number(id) },
          (update) =>
            queryClient.setQueryData(options.queryKey, (list) =>
              list && { items: list.items.map((item) => (item.id === update.id && isNewer(update, item) ? update : item)) },
            ),
          () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
        ),
      );
    return () => stops.forEach((stop) => stop());
  }, [ids, options.queryKey, queryClient]);
  return query;
}
