// Fulfilment's part of the live feed (decision 105): a won auction's fulfilment goes to its winner's sockets when the
// auction ends and at every step after; the operators' back office hears that it changed, so its queue follows. A Buy
// it now purchase's is buy-now/buy-now.feed.ts.
import type { Database } from "../db/database";
import type { DomainEvents } from "../events/domain-events";
import type { LiveFeed } from "../realtime/feed";
import { fulfilmentsOf } from "./fulfilment.queries";

export function fulfilmentFeed({ events, live, db }: { events: DomainEvents; live: LiveFeed; db: Database }): void {
  const sendFulfilments = async (auctionIds: number[]) => {
    for (const { winnerId, winnerEmail: _email, winnerDisplayName: _name, ...wonAuction } of await fulfilmentsOf(db, [
      ...new Set(auctionIds),
    ])) {
      live.toUser(winnerId).emit("fulfilment:updated", wonAuction);
      live.toOperators().emit("fulfilment:changed", { auctionId: wonAuction.auctionId, state: wonAuction.state });
    }
  };
  events.subscribe("fulfilments:changed", ({ auctionIds }) => sendFulfilments(auctionIds));
  // An ended auction's fulfilment begins (or, when its winner did not pay, has expired).
  events.subscribe("auctions:states", async ({ states }) => {
    const ended = states.filter((state) => state.status === "Ended").map((state) => state.id);
    if (ended.length > 0) await sendFulfilments(ended);
  });
}
