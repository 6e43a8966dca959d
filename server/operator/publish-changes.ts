// What an operator action changed (auctions, wallets), and publishing it so the open pages hear it live.
import type { DomainEvents } from "../events/domain-events";

export type Changes = { auctionIds: number[]; walletUserIds: string[] };

export async function publishChanges(events: DomainEvents, changes: Changes): Promise<void> {
  await Promise.all([
    changes.auctionIds.length > 0 ? events.publish("auctions:changed", { auctionIds: changes.auctionIds }) : undefined,
    ...changes.walletUserIds.map((userId) => events.publish("wallet:changed", { userId })),
  ]);
}
