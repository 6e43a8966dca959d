// Buy it now's part of the live feed (decision 105): a purchase goes to its buyer's sockets at every step, and the
// operators' back office hears that it changed, first, so its queue follows.
import type { Database } from "../db/database";
import type { DomainEvents } from "../events/domain-events";
import type { LiveFeed } from "../realtime/feed";
import { purchasesOf } from "./buy-now.queries";

export function buyNowFeed({ events, live, db }: { events: DomainEvents; live: LiveFeed; db: Database }): void {
  events.subscribe("purchases:changed", async ({ purchaseIds }) => {
    for (const { buyerId, buyerEmail: _email, buyerDisplayName: _name, ...purchase } of await purchasesOf(db, [...new Set(purchaseIds)])) {
      live.toOperators().emit("buyNow:changed", { purchaseId: purchase.purchaseId, state: purchase.state });
      live.toUser(buyerId).emit("buyNow:updated", purchase);
    }
  });
}
