// What an operator action changed (auctions, wallets, auto-bids removed), and publishing it so the open pages hear it live.
import type { DomainEvents } from "../events/domain-events";

export type Changes = {
  auctionIds: number[];
  walletUserIds: string[];
  /** The bidders whose auto-bids a switch to manual bids only removed, to be told (decision 111). */
  autoBidsRemoved?: { auctionId: number; title: string; userIds: string[] };
};

export async function publishChanges(events: DomainEvents, changes: Changes): Promise<void> {
  await Promise.all([
    changes.auctionIds.length > 0 ? events.publish("auctions:changed", { auctionIds: changes.auctionIds }) : undefined,
    ...changes.walletUserIds.map((userId) => events.publish("wallet:changed", { userId })),
    changes.autoBidsRemoved && changes.autoBidsRemoved.userIds.length > 0
      ? Promise.all([
          events.publish("auto-bids:removed", changes.autoBidsRemoved),
          events.publish("auto-bid:changed", { auctionId: changes.autoBidsRemoved.auctionId }),
        ])
      : undefined,
  ]);
}
