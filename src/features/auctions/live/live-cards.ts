// The cards of a live list render on their own (decision 057). A list's query selects the cards it shows with
// `keepWhileSameCards`, which answers with the very same object while only their states change (a bid: a new price,
// leader and end), so the list does not render again. After each flush, the list hands its changed cards' newest
// states (from its cache, which stays the source of truth) to the cards that show them, and only those render. On a
// busy Home that is a few cards a flush instead of the whole list and every one of its cells.
import { useCallback, useSyncExternalStore } from "react";
import type { AuctionCardState } from "../../../../contract";
import { isNewer } from "./apply-update";

const newest = new Map<number, AuctionCardState>();
const readers = new Map<number, Set<() => void>>();

/**
 * As a list's cache is about to take `updatedIds`' updates: the newest state of each of them that a card shows
 * (`shown`, the list's items as they are to be cached) goes to that card. Auctions no card shows are skipped: a card
 * that mounts later reads its list, which is up to date. Called before the cache takes them, so that the list's
 * select finds each changed card already handed its state.
 */
export function handToCards(shown: Iterable<AuctionCardState>, updatedIds: ReadonlySet<number>): void {
  for (const item of shown) {
    if (!updatedIds.has(item.id)) continue;
    const ofAuction = readers.get(item.id);
    if (!ofAuction || !isNewer(item, newest.get(item.id))) continue;
    newest.set(item.id, item);
    ofAuction.forEach((reader) => reader());
  }
}

/**
 * A select for a live list's query (`shown` picks the cards and anything else the list draws): while the same cards
 * show in the same order and the rest is equal, it answers with the object it answered before, so the list does not
 * render again, and each card follows its own state through `useCardState`.
 */
export function keepWhileSameCards<D, S extends { items: AuctionCardState[] }>(shown: (data: D) => S): (data: D) => S {
  let previous: S | undefined;
  return (data) => {
    const next = shown(data);
    if (previous && isSameList(previous, next)) return previous;
    previous = next;
    return next;
  };
}

/**
 * The same cards in the same order, each either the very state the list drew or the one its card was handed (so a
 * refetch, which brings new states no card was handed, renders the list), and the rest equal.
 */
function isSameList<S extends { items: AuctionCardState[] }>(before: S, after: S): boolean {
  const keys = Object.keys(after) as (keyof S)[];
  return (
    before.items.length === after.items.length &&
    after.items.every((item, index) => {
      const drawn = before.items[index];
      return item === drawn || (item.id === drawn?.id && newest.get(item.id) === item);
    }) &&
    keys.every((key) => key === "items" || Object.is(before[key], after[key]))
  );
}

/** The auction as its card shows it: the newest state its list handed it, when newer than the one it was drawn with. */
export function useCardState<T extends AuctionCardState>(auction: T): T | AuctionCardState {
  const { id } = auction;
  const subscribe = useCallback(
    (reader: () => void) => {
      const ofAuction = readers.get(id) ?? new Set();
      readers.set(id, ofAuction);
      ofAuction.add(reader);
      return () => {
        ofAuction.delete(reader);
        if (ofAuction.size > 0 || readers.get(id) !== ofAuction) return;
        readers.delete(id);
        newest.delete(id);
      };
    },
    [id],
  );
  // The server's first screen draws the list as it is: no card has been handed anything there.
  const handed = useSyncExternalStore(
    subscribe,
    () => newest.get(id),
    () => undefined,
  );
  return handed && isNewer(handed, auction) ? handed : auction;
}
