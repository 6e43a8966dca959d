// The expiry job: every second (and at once on start, so a restarted server catches up) it expires unpaid won
// auctions whose payment window has closed, by the server's clock. The UPDATE is guarded by the state it leaves,
// so any number of processes may run it and each fulfilment expires exactly once.
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { expireOverdueFulfilments } from "./fulfilment.service";

export const EXPIRY_INTERVAL_MS = 1000;

export function startExpiryJob(options: {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  onExpired?: (auctionIds: number[]) => void;
  intervalMs?: number;
}): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const run = async () => {
    try {
      const expired = await expireOverdueFulfilments(options.db, options.clock());
      if (expired.length > 0) {
        options.log.info({ auctionIds: expired }, "fulfilments expired");
        options.onExpired?.(expired);
      }
    } catch (error) {
      options.log.error({ err: error }, "fulfilment expiry failed");
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    if (!running) running = run();
  }, options.intervalMs ?? EXPIRY_INTERVAL_MS);
  running = run();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
