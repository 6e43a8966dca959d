// What an operator action changed, so the live feed can tell the open pages.
import type { AuctionFeed } from "../realtime/feed";

export type Changes = { auctionIds: number[]; walletUserIds: string[] };

export async function publishChanges(feed: AuctionFeed, changes: Changes): Promise<void> {
  await Promise.all([
    changes.auctionIds.length > 0 ? feed.publishAuctions(changes.auctionIds) : undefined,
    ...changes.walletUserIds.map((userId) => feed.publishWallet(userId)),
  ]);
}
