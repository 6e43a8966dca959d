// How a live update meets what the page already has: only newer states (by `seq`) count, and a list keeps only
// the auctions of its status, in its order.
import type { AuctionState } from "../../../../contract";

export function isNewer(update: AuctionState, current: AuctionState | undefined): boolean {
  return current === undefined || update.seq > current.seq;
}

const listOrder: Record<string, (a: AuctionState, b: AuctionState) => number> = {
  Running: (a, b) => (a.endsAt ?? "").localeCompare(b.endsAt ?? "") || a.id - b.id,
  Waiting: (a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id,
  Ended: (a, b) => (b.endsAt ?? "").localeCompare(a.endsAt ?? "") || b.id - a.id,
};

/** The list after an update: replaced if newer, removed if it left the list's status, added if it joined it. */
export function applyToList(items: AuctionState[], update: AuctionState, status: string): AuctionState[] {
  const index = items.findIndex((item) => item.id === update.id);
  const current = index >= 0 ? items[index] : undefined;
  if (!isNewer(update, current)) return items;
  if (update.status !== status) return index >= 0 ? items.filter((item) => item.id !== update.id) : items;
  if (index >= 0) {
    const next = [...items];
    next[index] = update;
    return next;
  }
  const order = listOrder[status];
  return order ? [...items, update].sort(order) : [...items, update];
}
