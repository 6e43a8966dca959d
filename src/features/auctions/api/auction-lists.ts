// The lists: by status for Home (SPEC.md §7: cached per status, no retry, previous data kept while loading,
// no refetch on mount), searched, sorted and paged; my active auctions and favourites. Each follows the live feed.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  hashKey,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { AuctionCardState, Language, SearchAuctionsResponse } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { useUser } from "../../auth";
import { applyToList, applyToPages, isNewer, withOwnTitle } from "../live/apply-update";
import { follow, untilWatched } from "../live/live-auctions";
import { handToCards, keepWhileSameCards } from "../live/live-cards";
import type { AuctionFilters, ListStatus } from "./auction-filters";
import { takeFirstScreenPage } from "./first-screen";
import { auctionSchema } from "./schemas";
import { useFallbackPolling } from "../../../hooks/use-fallback-polling";
import { useLanguage } from "../../../hooks/use-language";
import { catchUp, TEN_MINUTES_MS } from "../../../lib/query-client";

export type { AuctionFilters, ListStatus };
export const LIST_PAGE_SIZE = 24;

/**
 * One section of Home, page by page: each "Show more" asks from the number of cards already shown (live updates
 * add and remove cards, so a page count would skip or repeat some).
 */
export const auctionSearchQueryOptions = (status: ListStatus, filters: AuctionFilters, pageSize: number, language: Language) =>
  infiniteQueryOptions({
    queryKey: ["auctions", "list", status, filters, pageSize, language],
    queryFn: async ({ pageParam, signal }) => {
      // Sent once the section's live watch is acknowledged: everything after this read comes by the feed, so the
      // watch's catch-up has nothing to read again (a section's first load asks once, decision 085).
      await untilWatched(status);
      return apiRequest("/api/auctions/search", {
        method: "POST",
        body: {
          status,
          sort: filters.sort,
          offset: pageParam,
          pageSize,
          ...(filters.query ? { query: filters.query } : {}),
          ...(filters.isFreeEntryOnly ? { freeEntry: true } : {}),
        },
        schema: auctionSchema("SearchAuctionsResponse"),
        signal,
      });
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((shown, page) => shown + page.items.length, 0) : undefined),
    retry: false,
    placeholderData: keepPreviousData,
    // The list follows the feed while it is cached (useLiveStatus), for as long as it is fresh; it is read again on
    // mount only when it stopped following and was marked stale.
    refetchOnMount: (query) => query.state.isInvalidated,
    gcTime: TEN_MINUTES_MS,
    // Not a deep comparison of every page on each live update (applyToPages already keeps every unchanged item):
    // each card keeps its state object while its auction is unchanged.
    structuralSharing: keepUnchangedCards,
  });

/**
 * A section's pages as a new answer or update leaves them, where each card whose auction has not changed since it was
 * drawn (the same `seq`, which every change of an auction's state moves, and the same title) keeps the object it was
 * drawn with. Its memoised cell then does not render again, and when no card changed, the section does not either
 * (`keepWhileSameCards`). That is what a list read again to catch up (its watch acknowledged, a reconnect, a
 * language's texts) mostly finds: on a phone's first load, Home's sections are read again as soon as their watch is
 * acknowledged, and redrew every card. A kept state holds the `serverNow` of its own read, which no card shows.
 */
export function keepUnchangedCards(before: unknown, after: unknown): unknown {
  const drawn = before as InfiniteData<SearchAuctionsResponse, number> | undefined;
  const next = after as InfiniteData<SearchAuctionsResponse, number>;
  if (!drawn?.pages || !next?.pages || drawn === next) return after;
  const drawnCards = new Map<number, AuctionCardState>();
  for (const page of drawn.pages) for (const item of page.items) drawnCards.set(item.id, item);
  let isAnyKept = false;
  const pages = next.pages.map((page) => {
    let isKept = false;
    const items = page.items.map((item) => {
      const card = drawnCards.get(item.id);
      if (!card || card === item || card.seq !== item.seq || card.title !== item.title) return item;
      isKept = true;
      return card;
    });
    isAnyKept ||= isKept;
    return isKept ? { ...page, items } : page;
  });
  return isAnyKept ? { ...next, pages } : after;
}

/** A Home section: its loaded pages as one list (without repeats), kept live. */
export function useAuctionSearch(status: ListStatus, filters: AuctionFilters, pageSize: number) {
  const language = useLanguage();
  const options = auctionSearchQueryOptions(status, filters, pageSize, language);
  const filter = { status, ...filters };
  useLiveStatus<InfiniteData<SearchAuctionsResponse, number>>(status, options.queryKey, {
    apply: (data, updates) => {
      const pages = updates.reduce((pages, update) => applyToPages(pages, update, filter), data.pages);
      return pages === data.pages ? data : { ...data, pages };
    },
    itemsOf: (data) => data.pages.flatMap((page) => page.items),
  });
  const [selectShown] = useState(() => keepWhileSameCards(shownOfPages));
  const { data, isLoading, isError, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useInfiniteQuery({
      ...options,
      select: selectShown,
      initialData: () => {
        const firstPage = takeFirstScreenPage(status, filters, pageSize, language);
        return firstPage && { pages: [firstPage], pageParams: [0] };
      },
      refetchInterval: useFallbackPolling(),
    });
  // Only what the section draws is read from the query: a flush that changes no card of it renders nothing here.
  return {
    items: data?.items ?? noCards,
    total: data?.total ?? 0,
    isLoading,
    isError,
    isPlaceholderData,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  };
}

const noCards: AuctionCardState[] = [];

/** What a Home section draws of its loaded pages: their cards without repeats, and the total. */
function shownOfPages(data: InfiniteData<SearchAuctionsResponse, number>): { items: AuctionCardState[]; total: number } {
  const seen = new Set<number>();
  const items = data.pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && seen.add(item.id));
  return { items, total: data.pages.at(-1)?.total ?? 0 };
}

/** How long updates to a list gather before one render applies them all. */
export const LIST_FLUSH_MS = 100;

/**
 * Keeps a cached `{ items }` list of one status live (the bench's list; Home's sections use useAuctionSearch). Its
 * query selects with `keepWhileSameCards` so that a flush renders the changed cards only.
 */
export function useLiveStatusList(status: ListStatus, queryKey: readonly unknown[]): void {
  useLiveStatus<{ items: AuctionCardState[] }>(status, queryKey, {
    apply: (list, updates) => {
      const items = updates.reduce((items, update) => applyToList(items, update, status), list.items);
      return items === list.items ? list : { ...list, items };
    },
    itemsOf: (list) => list.items,
  });
}

/** How a live list's cached data takes updates (`apply`, the same data when none changes it) and shows cards. */
type LiveList<T> = { apply: (data: T, updates: AuctionCardState[]) => T; itemsOf: (data: T) => AuctionCardState[] };

/**
 * Keeps the cached data at `queryKey` live: updates of its status are gathered and applied together, at most one
 * render per LIST_FLUSH_MS, so a busy feed (hundreds of updates a second) does not re-render the list once per
 * message. Only the newest state of each auction counts (the appliers drop older ones). The cache takes every update;
 * the cards whose state changed are then handed it (live-cards.ts), so a list that selects with `keepWhileSameCards`
 * renders only when its cards change.
 *
 * The list is followed as long as its data is cached, not only while it is on screen (decision 085): back on Home,
 * the cached sections are as live as if the bidder had never left, and nothing is read again (SPEC.md §7: no refetch
 * on mount). A list that stops being followed (another search, its data dropped) is marked stale instead.
 */
function useLiveStatus<T>(status: ListStatus, queryKey: readonly unknown[], list: LiveList<T>): void {
  const queryClient = useQueryClient();
  // The newest key and list, read when updates flush: a new search does not leave and rejoin the status feed.
  const latest = useRef({ queryKey, list });
  useEffect(() => {
    const before = latest.current.queryKey;
    latest.current = { queryKey, list };
    // The data of a search no longer shown stops following the feed: it is read again if it is ever shown again.
    if (hashKey(before) !== hashKey(queryKey)) void queryClient.invalidateQueries({ queryKey: before, exact: true, refetchType: "none" });
  });
  useEffect(() => {
    let pending: AuctionCardState[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const updates = pending;
      pending = [];
      const { queryKey: key, list: current } = latest.current;
      const before = queryClient.getQueryData<T>(key);
      if (!before) return;
      const after = current.apply(before, updates);
      if (after === before) return;
      handToCards(current.itemsOf(after), new Set(updates.map((update) => update.id)));
      queryClient.setQueryData<T>(key, after);
      // A card that joined the list came with the feed's catalogue title: read the list again in the page's language.
      if (updates.some((update) => !holdsAuction(before, update.id) && holdsAuction(after, update.id))) {
        void catchUp(queryClient, key);
      }
    };
    const stopFollowing = follow(
      { kind: "status", status },
      (update) => {
        pending.push(update);
        timer ??= setTimeout(flush, LIST_FLUSH_MS);
      },
      // Once watched, data read before the watch took effect is read again; a first read waits for the watch
      // (`untilWatched`), so a list with no data yet has nothing to catch up.
      () => {
        if (queryClient.getQueryData(latest.current.queryKey) !== undefined) void catchUp(queryClient, latest.current.queryKey);
      },
    );
    // This section takes over from the follower its last visit left behind (joined the same watch, so nothing is
    // left and joined again in between).
    followersLeftBehind.get(status)?.();
    const stop = () => {
      unsubscribe?.();
      stopFollowing();
      // Updates heard but not yet applied go in now: the section taking over did not hear them.
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      if (followersLeftBehind.get(status) === stop) followersLeftBehind.delete(status);
    };
    let unsubscribe: (() => void) | undefined;
    return () => {
      const key = hashKey(latest.current.queryKey);
      if (!queryClient.getQueryCache().get(key)) return stop();
      unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        if (event.type === "removed" && event.query.queryHash === key) stop();
      });
      followersLeftBehind.set(status, stop);
    };
  }, [status, queryClient]);
}

/** Per status, how to stop following the list a section left cached (until it is dropped, or the section is back). */
const followersLeftBehind = new Map<ListStatus, () => void>();

type CachedAuctions = { pages?: { items: AuctionCardState[] }[]; items?: AuctionCardState[]; id?: number; title?: string };

/** The auction as cached data shows it: an auction's own (detail), or in a list (`{ items }` or pages of them). */
function cachedAuction(data: unknown, auctionId: number): { title: string } | undefined {
  const cached = data as CachedAuctions | undefined;
  if (!cached) return undefined;
  if (cached.id === auctionId && cached.title !== undefined) return { title: cached.title };
  const lists = cached.pages ?? [cached];
  for (const list of lists) {
    const item = list.items?.find((each) => each.id === auctionId);
    if (item) return item;
  }
  return undefined;
}

const holdsAuction = (data: unknown, auctionId: number) => cachedAuction(data, auctionId) !== undefined;

/**
 * The auction's title in `language` from any auctions query already answered in it (their keys end in the
 * language); undefined when none shows it. The outbid notice names the auction with it (the feed's is the catalogue
 * title, decision 030).
 */
export function cachedTitle(queryClient: QueryClient, auctionId: number, language: Language): string | undefined {
  for (const [key, data] of queryClient.getQueriesData({ queryKey: ["auctions"] })) {
    if (key.at(-1) !== language) continue;
    const title = cachedAuction(data, auctionId)?.title;
    if (title !== undefined) return title;
  }
  return undefined;
}

const personalList = (key: string, path: string) => (language: Language) =>
  queryOptions({
    queryKey: ["auctions", key, language],
    queryFn: ({ signal }) => apiRequest(path, { schema: auctionSchema("AuctionListResponse"), signal }),
    retry: false,
  });

export const myActiveQueryOptions = personalList("my-active", "/api/auctions/my-active");
export const favouritesQueryOptions = personalList("favourites", "/api/favourites");

/** A signed-in list whose items stay live: each shown auction is followed while the list is on screen. */
export function usePersonalList(optionsIn: typeof myActiveQueryOptions) {
  const queryClient = useQueryClient();
  const options = optionsIn(useLanguage());
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
            queryClient.setQueryData(
              options.queryKey,
              (list) =>
                list && {
                  items: list.items.map((item) => (item.id === update.id && isNewer(update, item) ? withOwnTitle(update, item) : item)),
                },
            ),
          () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
        ),
      );
    return () => stops.forEach((stop) => stop());
  }, [ids, options.queryKey, queryClient]);
  return query;
}
