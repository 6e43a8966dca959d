// The auctions' part of the live feed (decision 105): a changed auction's state is read and goes to its watchers, a
// bid's state as the bid committed it; the bidder a bid took the lead from hears so on all their sockets, whatever page
// they are on; the operators hear of auto-bids.
import type { Database } from "../db/database";
import type { DomainEvents } from "../events/domain-events";
import type { LiveFeed } from "../realtime/feed";
import { auctionStates } from "./auctions.queries";

export function auctionsFeed({ events, live, db }: { events: DomainEvents; live: LiveFeed; db: Database }): void {
  events.subscribe("auctions:changed", async ({ auctionIds }) => {
    const states = await auctionStates(db, [...new Set(auctionIds)], undefined, ["Waiting", "Running", "Ended", "Canceled"]);
    await events.publish("auctions:states", { states });
  });
  events.subscribe("auctions:states", ({ states }) => live.sendStates(states));
  events.subscribe("bids:outbid", ({ bids }) => {
    for (const { auctionId, title, priceCents, bidderId, bidderName, outbidUserId } of bids) {
      if (outbidUserId === null || outbidUserId === bidderId) continue;
      live.toUser(outbidUserId).emit("auction:outbid", { auctionId, title, priceCents, leaderName: bidderName });
    }
  });
  events.subscribe("auto-bid:changed", ({ auctionId }) => {
    live.toOperators().emit("auto-bid:changed", { auctionId });
  });
}
