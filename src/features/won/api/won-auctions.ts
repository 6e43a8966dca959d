// GET /api/fulfilments: the signed-in user's won auctions with their fulfilment, kept live by `fulfilment:updated`
// (newer versions replace older ones), caught up over REST each time the socket connects (the first time too: the
// list may have been read before the socket was in the user's room) and polled while the socket is down.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { WonAuction, type WonAuctionsResponse } from "../../../../contract";
import { followWithResync, onSocket } from "../../../lib/socket";
import { useFallbackPolling } from "../../../hooks/use-fallback-polling";
import { useLanguage } from "../../../hooks/use-language";
import { useUser } from "../../auth";
import { wonAuctionsQueryOptions } from "./unpaid-wins";

export { useUnpaidWinCount, wonAuctionsQueryOptions } from "./unpaid-wins";

/**
 * The list with one won auction replaced when the update is newer; null when the list does not hold it yet. The
 * title stays the one the list was read with, in the page's language (an update is in the winner's stored one).
 */
export function applyWonAuctionUpdate(list: WonAuctionsResponse, update: WonAuction): WonAuctionsResponse | null {
  const current = list.items.find((item) => item.auctionId === update.auctionId);
  if (!current) return null;
  if (current.version >= update.version) return list;
  return { ...list, items: list.items.map((item) => (item.auctionId === update.auctionId ? { ...update, title: current.title } : item)) };
}

export function useWonAuctions() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const isSignedIn = user?.isAuthenticated === true;
  useEffect(() => {
    if (!isSignedIn) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: wonAuctionsQueryOptions.queryKey });
    const onUpdate = (raw: unknown) => {
      const parsed = WonAuction.safeParse(raw);
      if (!parsed.success) return;
      const list = queryClient.getQueryData(wonAuctionsQueryOptions.queryKey);
      const next = list ? applyWonAuctionUpdate(list, parsed.data) : null;
      // A new win (or a list not loaded yet) comes over REST, in the server's order.
      if (next) queryClient.setQueryData(wonAuctionsQueryOptions.queryKey, next);
      else refetch();
    };
    return onSocket((socket) => followWithResync(socket, "fulfilment:updated", onUpdate, refetch));
  }, [isSignedIn, queryClient]);
  // The list is one query (the header's unpaid count reads it too), not one per language: a switch reads it again.
  const language = useLanguage();
  const readIn = useRef(language);
  useEffect(() => {
    if (readIn.current === language) return;
    readIn.current = language;
    void queryClient.invalidateQueries({ queryKey: wonAuctionsQueryOptions.queryKey });
  }, [language, queryClient]);
  return useQuery({ ...wonAuctionsQueryOptions, enabled: isSignedIn, refetchInterval: useFallbackPolling() });
}
