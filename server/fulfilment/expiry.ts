// The expiry job: every second (and at once on start, so a restarted server catches up) it expires unpaid won
// auctions whose payment window has closed, by the server's clock. The UPDATE is guarded by the state it leaves,
// so any number of processes may run it and each fulfilment expires exactly once.
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { startRepeating, type RepeatingJob } from "../jobs/repeating";
import { expireOverdueFulfilments } from "./fulfilment.service";

export const EXPIRY_INTERVAL_MS = 1000;

export function startExpiryJob(options: {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  onExpired?: (auctionIds: number[]) => void;
  intervalMs?: number;
}): RepeatingJob {
  return startRepeating({
    name: "fulfilment-expiry",
    intervalMs: options.intervalMs ?? EXPIRY_INTERVAL_MS,
    onError: (error) => options.log.error({ err: error }, "fulfilment expiry failed"),
    round: async () => {
      const expired = await expireOverdueFulfilments(options.db, options.clock());
      if (expired.length > 0) {
        options.log.info({ auctionIds: expired }, "fulfilments expired");
        options.onExpired?.(expired);
      }
    },
  });
}
