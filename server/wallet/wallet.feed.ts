// The wallet's part of the live feed (decision 105): a changed balance goes to its owner's sockets.
import type { Database } from "../db/database";
import type { DomainEvents } from "../events/domain-events";
import type { LiveFeed } from "../realtime/feed";
import { balanceCents } from "./wallet.service";

export function walletFeed({ events, live, db }: { events: DomainEvents; live: LiveFeed; db: Database }): void {
  events.subscribe("wallet:changed", async ({ userId }) => {
    live.toUser(userId).emit("wallet:updated", { balance: (await balanceCents(db, userId)) / 100 });
  });
}
