// The auctions' part of the live feed (decision 105): a changed auction's state is read and goes to its watchers, a
// bid's state as the bid committed it; the bidder a bid took the lead from hears so on all their sockets, whatever page
// they are on; the operators hear of auto-bids, and a bidder of their auto-bid removed by a switch to manual bids.
import type { Database } from "../db/database";
import type { DomainEvents } from "../events/domain-events";
import type { LiveFeed } from "../realtime/feed";
import { auctionStates } from "./auctions.queries";
import { feesBackRecipients } from "./fees-back";

export function auctionsFeed({ events, live, db }: { events: DomainEvents; live: LiveFeed; db: Database }): void {
  events.subscribe("auctions:changed", async ({ auctionIds }) => {
    const states = await auctionStates(db, [...new Set(auctionIds)], undefined, ["Waiting", "Running", "Ended", "Canceled"]);
    await events.publish("auctions:states", { states });
  });
  events.subscribe("auctions:states", async ({ states }) => {
    live.sendStates(states);
    // Fees back (decision 103): the losers' wallets moved with the end, whichever way it came.
    const feesBack = states.filter((state) => state.status === "Ended" && state.feeBackPercent > 0).map((state) => state.id);
    for (const userId of await feesBackRecipients(db, feesBack)) await events.publish("wallet:changed", { userId });
  });
  events.subscribe("bids:outbid", ({ bids }) => {
    for (const { auctionId, title, priceCents, bidderId, bidderName, outbidUserId } of bids) {
      if (outbidUserId === null || outbidUserId === bidderId) continue;
      live.toUser(outbidUserId).emit("auction:outbid", { auctionId, title, priceCents, leaderName: bidderName });
    }
  });
  events.subscribe("auto-bid:changed", ({ auctionId }) => {
    live.toOperators().emit("auto-bid:changed", { auctionId });
  });
  events.subscribe("auto-bids:removed", ({ auctionId, title, userIds }) => {
    for (const userId of userIds) live.toUser(userId).emit("auction:auto-bid-removed", { auctionId, title });
  });
}
