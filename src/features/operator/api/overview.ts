// The back office's overview: the counts of what needs an operator's eye, asked again whenever one may have changed
// (an auction starting or ending, a win paid or sent, a Buy it now purchase), and after a reconnect.
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { OperatorOverview } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { followWithResync, onSocket } from "../../../lib/socket";
import { followLiveAuctions } from "../../auctions";
import { liveRefresher } from "./live-refresh";

export const overviewQuery = () =>
  queryOptions({
    queryKey: ["operator", "overview"],
    queryFn: ({ signal }) => apiRequest("/api/operator/overview", { schema: OperatorOverview, signal }),
    staleTime: 0,
  });

export function useLiveOverview(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ask = liveRefresher(() => queryClient.invalidateQueries({ queryKey: overviewQuery().queryKey }));
    // The status lists' feed tells when an auction is published, starts, ends or is canceled (and every bid, which
    // changes no count: the refresher keeps that to one request at a time).
    const stops = (["Waiting", "Running"] as const).map((status) => followLiveAuctions({ kind: "status", status }, ask, ask));
    const stopHearing = onSocket((socket) => {
      const detaches = (["fulfilment:changed", "buyNow:changed"] as const).map((event) => followWithResync(socket, event, ask, ask));
      return () => detaches.forEach((detach) => detach());
    });
    return () => {
      stops.forEach((stop) => stop());
      stopHearing();
    };
  }, [queryClient]);
}
