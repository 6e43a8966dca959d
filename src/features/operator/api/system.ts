// The System page's reading: every server process heard from lately and the database, asked again every few seconds
// while the page is open and the tab is in sight (decision 089: polling, as the processes write their summaries on
// the same beat; a socket event would carry nothing the next reading does not).
import { queryOptions } from "@tanstack/react-query";
import { OperatorSystem } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

/** How often the page reads again: the processes' heartbeat (server/operator/system.ts). */
export const SYSTEM_REFRESH_MS = 5_000;

export const systemQuery = () =>
  queryOptions({
    queryKey: ["operator", "system"],
    queryFn: ({ signal }) => apiRequest("/api/operator/system", { schema: OperatorSystem, signal }),
    staleTime: 0,
    refetchInterval: SYSTEM_REFRESH_MS,
    // A reading that fails keeps the last one on screen, said to be old; the next beat tries again.
    retry: false,
  });
