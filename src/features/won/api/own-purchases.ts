// GET /api/buy-now/purchases: the signed-in bidder's own Buy it now purchases for the won page, newest first, twenty a
// page ("Show more" reads the next). Kept live by `buyNow:updated` (a newer version replaces a purchase; one the list
// does not hold yet, a purchase just made, reads the list again), read again each time the socket connects and when
// the page's language changes (titles come in it), and polled while the socket is down.
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useEffect } from "react";
import { BuyNowPurchase, BuyNowPurchasesResponse } from "../../../../contract";
import { useFallbackPolling } from "../../../hooks/use-fallback-polling";
import { useLanguage } from "../../../hooks/use-language";
import { apiRequest } from "../../../lib/api-client";
import { catchUp } from "../../../lib/query-client";
import { followWithResync, onSocket } from "../../../lib/socket";
import { useUser } from "../../auth";

/** Every language's list: what a purchase, a step or a reconnect refreshes. */
export const ownPurchasesKey = ["buy-now", "purchases"] as const;

export const ownPurchasesQueryOptions = (language: string) =>
  infiniteQueryOptions({
    queryKey: [...ownPurchasesKey, language],
    queryFn: ({ pageParam, signal }) => apiRequest(`/api/buy-now/purchases?page=${pageParam}`, { schema: BuyNowPurchasesResponse, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    // Read again each time the page mounts: a purchase made meanwhile on an auction's page (where this list does not
    // listen) shows at once.
    staleTime: 0,
    retry: false,
  });

type Pages = InfiniteData<BuyNowPurchasesResponse, number>;

/**
 * The pages with one purchase replaced when the update is newer; null when they do not hold it. The title stays the
 * one read in the page's language (an update is in the buyer's stored one).
 */
export function applyPurchaseUpdate(pages: Pages, update: BuyNowPurchase): Pages | null {
  const current = pages.pages.flatMap((page) => page.items).find((item) => item.purchaseId === update.purchaseId);
  if (!current) return null;
  if (current.version >= update.version) return pages;
  const replace = (item: BuyNowPurchase) => (item.purchaseId === update.purchaseId ? { ...update, title: current.title } : item);
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, items: page.items.map(replace) })) };
}

export function useOwnPurchases() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const isSignedIn = user?.isAuthenticated === true;
  const language = useLanguage();
  useEffect(() => {
    if (!isSignedIn) return;
    const { queryKey } = ownPurchasesQueryOptions(language);
    const refetch = () => void catchUp(queryClient, ownPurchasesKey);
    const onUpdate = (raw: unknown) => {
      const parsed = BuyNowPurchase.safeParse(raw);
      if (!parsed.success) return;
      const pages = queryClient.getQueryData<Pages>(queryKey);
      const next = pages ? applyPurchaseUpdate(pages, parsed.data) : null;
      if (next) queryClient.setQueryData(queryKey, next);
      else refetch();
    };
    return onSocket((socket) => followWithResync(socket, "buyNow:updated", onUpdate, refetch));
  }, [isSignedIn, queryClient, language]);
  return useInfiniteQuery({ ...ownPurchasesQueryOptions(language), enabled: isSignedIn, refetchInterval: useFallbackPolling() });
}
