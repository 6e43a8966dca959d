// The fulfilment queue follows live: a winner paying, a bidder buying it now, another operator's step or an expiry
// reaches every operator's socket (`fulfilment:changed` for a win, `buyNow:changed` for a purchase), and the lists of
// that kind ask again; after a reconnect both do, for what they missed meanwhile.
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import type { z } from "zod";
import { BuyNowChanged, FulfilmentChanged, type ServerToClientEvents } from "../../../../contract";
import { catchUp } from "../../../lib/query-client";
import { followWithResync, onSocket } from "../../../lib/socket";
import { purchasesKey } from "./buy-now";
import { fulfilmentsKey } from "./fulfilments";

/** Each operators' event the queue hears, its payload's schema and the lists it makes ask again. */
const liveLists: { event: keyof ServerToClientEvents; schema: z.ZodType; queryKey: QueryKey }[] = [
  { event: "fulfilment:changed", schema: FulfilmentChanged, queryKey: fulfilmentsKey },
  { event: "buyNow:changed", schema: BuyNowChanged, queryKey: purchasesKey },
];

export function useLiveQueue(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSocket((socket) => {
        const detaches = liveLists.map(({ event, schema, queryKey }) => {
          // After a read in flight, which may have left before the change (catchUp), not instead of it.
          const refresh = () => void catchUp(queryClient, queryKey);
          const changed = (change: unknown) => {
            if (schema.safeParse(change).success) refresh();
          };
          return followWithResync(socket, event, changed, refresh);
        });
        return () => detaches.forEach((detach) => detach());
      }),
    [queryClient],
  );
}
