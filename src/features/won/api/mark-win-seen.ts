// POST /api/fulfilments/{auctionId}/seen: the winner has seen the win. The list takes it at once (the dialog closes
// or moves on to the next win); the server's answer, a newer version, replaces it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { WonAuction } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { applyWonAuctionUpdate, wonAuctionsQueryOptions } from "./won-auctions";
import { rereadIfInFlight } from "../../../lib/query-client";

export const markWinSeen = (auctionId: number) => apiRequest(`/api/fulfilments/${auctionId}/seen`, { method: "POST", schema: WonAuction });

/**
 * The wins this page has closed the dialog of. A read of the list that left the server before the mark was written
 * (the socket's resync, the fallback poll, another tab's refetch) can answer after the mark's own answer and bring
 * `isSeen: false` back; the dialog goes by what the winner did here, not by that stale answer.
 */
const closedHere = new Set<number>();
export const isWinClosedHere = (auctionId: number) => closedHere.has(auctionId);

export function useMarkWinSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWinSeen,
    onMutate: (auctionId) => {
      closedHere.add(auctionId);
      queryClient.setQueryData(wonAuctionsQueryOptions.queryKey, (list) =>
        list ? { ...list, items: list.items.map((item) => (item.auctionId === auctionId ? { ...item, isSeen: true } : item)) } : list,
      );
    },
    // A failed mark changes nothing on the server: the dialog comes back on the next visit, as for an unseen win.
    onSuccess: (seen) => {
      queryClient.setQueryData(wonAuctionsQueryOptions.queryKey, (list) => (list ? (applyWonAuctionUpdate(list, seen) ?? list) : list));
      rereadIfInFlight(queryClient, wonAuctionsQueryOptions.queryKey);
    },
  });
}
