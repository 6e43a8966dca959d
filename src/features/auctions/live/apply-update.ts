// How a live update meets what the page already has: only newer states (by `seq`) count, and a list keeps only
// the auctions of its status, in its order.
import type { AuctionCardState, AuctionSort } from "../../../../contract";

export function isNewer(update: Pick<AuctionCardState, "seq">, current: Pick<AuctionCardState, "seq"> | undefined): boolean {
  return current === undefined || update.seq > current.seq;
}

/**
 * An update as the page keeps it: with the title the page already has. The feed sends every socket the catalogue
 * title, the same to all (decision 030); the page read its own language's over REST, and a public auction's texts
 * never change.
 */
export function withOwnTitle<T extends AuctionCardState>(update: T, current: AuctionCardState): T {
  return update.title === current.title ? update : { ...update, title: current.title };
}

const listOrder: Record<string, (a: AuctionCardState, b: AuctionCardState) => number> = {
  Running: (a, b) => (a.endsAt ?? "").localeCompare(b.endsAt ?? "") || a.id - b.id,
  Waiting: (a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id,
  Ended: (a, b) => (b.endsAt ?? "").localeCompare(a.endsAt ?? "") || b.id - a.id,
};

/** The list after an update: replaced if newer, removed if it left the list's status, added if it joined it. */
export function applyToList(items: AuctionCardState[], update: AuctionCardState, status: string): AuctionCardState[] {
  const index = items.findIndex((item) => item.id === update.id);
  const current = index >= 0 ? items[index] : undefined;
  if (!isNewer(update, current)) return items;
  if (update.status !== status) return index >= 0 ? items.filter((item) => item.id !== update.id) : items;
  if (current) {
    const next = [...items];
    next[index] = withOwnTitle(update, current);
    return next;
  }
  const order = listOrder[status];
  return order ? [...items, update].sort(order) : [...items, update];
}

/** What a Home section shows: one status, narrowed by the search (as the server narrows it) and in a sort. */
export type ListFilter = { status: ListStatus; query: string; sort: AuctionSort; isFreeEntryOnly: boolean };
type ListStatus = "Running" | "Waiting" | "Ended";

/**
 * The server's rule, on the client: title contains the (trimmed) query whatever its case; no entry fee if asked. The
 * server matches the title in any language; the client knows one, so for a card it already shows (`isShown`, found by
 * the server) the title is not asked again: a public auction's texts do not change.
 */
export function matchesFilter(state: AuctionCardState, filter: ListFilter, isShown = false): boolean {
  const query = filter.query.trim().toLocaleLowerCase();
  return (
    state.status === filter.status &&
    (query === "" || isShown || state.title.toLocaleLowerCase().includes(query)) &&
    (!filter.isFreeEntryOnly || state.entryFeeCents === 0)
  );
}

/** The order of a sorted list, as the server sorts it (newest: the highest id was listed last). */
export function orderOf(filter: ListFilter): (a: AuctionCardState, b: AuctionCardState) => number {
  const natural = listOrder[filter.status] ?? ((a: AuctionCardState, b: AuctionCardState) => a.id - b.id);
  if (filter.sort === "lowestPrice") return (a, b) => a.priceCents - b.priceCents || natural(a, b);
  if (filter.sort === "newest") return (a, b) => b.id - a.id;
  return natural;
}

type Page = { items: AuctionCardState[]; total: number; hasMore: boolean };

/**
 * Loaded pages after an update: replaced in place if newer (a bid does not reorder what the bidder is looking at),
 * removed if it no longer matches, inserted in order if it now does and falls within what is loaded (past the last
 * loaded card, a later page brings it). Totals follow what this list sees; each page load brings the server's.
 */
export function applyToPages<P extends Page>(pages: P[], update: AuctionCardState, filter: ListFilter): P[] {
  const current = pages.flatMap((page) => page.items).find((item) => item.id === update.id);
  if (!isNewer(update, current)) return pages;
  const isMatch = matchesFilter(update, filter, current !== undefined);
  const holds = (page: P) => page.items.some((item) => item.id === update.id);
  if (current && isMatch) {
    const kept = withOwnTitle(update, current);
    return pages.map((page) => (holds(page) ? { ...page, items: page.items.map((item) => (item.id === update.id ? kept : item)) } : page));
  }
  if (current) {
    return pages.map((page) => ({
      ...page,
      total: page.total - 1,
      items: holds(page) ? page.items.filter((item) => item.id !== update.id) : page.items,
    }));
  }
  const last = pages.at(-1);
  if (!isMatch || !last) return pages;
  const order = orderOf(filter);
  const before = pages.findIndex((page) => page.items.some((item) => order(update, item) < 0));
  if (before < 0 && last.hasMore) return pages;
  const target = before < 0 ? pages.length - 1 : before;
  return pages.map((page, index) => ({
    ...page,
    total: page.total + 1,
    items: index === target ? [...page.items, update].sort(order) : page.items,
  }));
}
