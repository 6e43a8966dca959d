// React Query defaults from SPEC.md §9: data fresh for 10 minutes, no refetch on window focus,
// and a 401 on any query means the session expired: reload, which sends the user to sign in. A read is asked again
// (twice at most) only when asking again may help.
import { QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "./api-client";

export const TEN_MINUTES_MS = 10 * 60 * 1000;

export function isSessionExpiry(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Whether a failed read is worth asking again: the network or the server failed (a dropped connection, a 5xx), or the
 * code to read the answer with did not arrive. A refusal (an auction that does not exist, a page that is not yours)
 * would only be refused again, seconds later: the page says so at once.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === "NETWORK" || error.status >= 500;
}

export function createQueryClient(onSessionExpired: () => void = () => window.location.reload()): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isSessionExpiry(error)) onSessionExpired();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: TEN_MINUTES_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => isWorthRetrying(error) && failureCount < 2,
      },
    },
  });
}

/**
 * A query's whole data as a change the server has answered left it (a balance, a saved profile, new limits). A read of
 * the query still in flight left before the change and would put the old data back over it, so it is cancelled first.
 */
export async function setAnswered<T>(queryClient: QueryClient, queryKey: QueryKey, data: T): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, data);
}

/**
 * After a change the server has answered, set into a query's data: a read of that query still in flight left before
 * the change, and its answer would put the old data back over it. It is replaced by a fresh read (invalidating
 * cancels it); with no read in flight, nothing more is asked.
 */
export function rereadIfInFlight(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.isFetching({ queryKey, exact: true }) > 0) void queryClient.invalidateQueries({ queryKey, exact: true });
}

/**
 * A live list catching up over REST (its watch acknowledged, a reconnect, a card that joined it): the queries under
 * `queryKey` are read again. A read still in flight is let finish first, not cancelled: it may be a "Show more", and
 * invalidating would drop the page it asked for (a paged list reads again only the pages it already holds). The read
 * again follows it, so what changed before the catch-up is still read.
 */
export async function catchUp(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const inFlight = queryClient.getQueryCache().findAll({ queryKey, fetchStatus: "fetching" });
  await Promise.all(inFlight.map((query) => query.promise?.then(noop, noop)));
  await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

const noop = () => undefined;
