// Drives every auction by the server clock: a short tick asks the database which auctions start or end now.
// The database decides each transition once, so any number of processes may tick; a restarted server ends on
// its first tick whatever ended while it was down.
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { startRepeating, type RepeatingJob } from "../jobs/repeating";
import { advanceLifecycle, type Transition } from "./engine";

export const LIFECYCLE_TICK_MS = 250;

export function startLifecycle(options: {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  onTransitions?: (transitions: Transition[]) => void;
  /** Work that shares the tick (auto-bids). */
  onTick?: () => Promise<void>;
  tickMs?: number;
}): RepeatingJob {
  return startRepeating({
    name: "lifecycle",
    intervalMs: options.tickMs ?? LIFECYCLE_TICK_MS,
    onError: (error) => options.log.error({ err: error }, "lifecycle tick failed"),
    round: async () => {
      const transitions = await advanceLifecycle(options.db, options.clock());
      if (transitions.length > 0) {
        options.log.info({ transitions }, "auction lifecycle");
        options.onTransitions?.(transitions);
      }
      await options.onTick?.();
    },
  });
}
