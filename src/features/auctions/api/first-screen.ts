// Home's first screen as the server sent it inside the page (decision 025): the first page of each section, so the
// cards draw without waiting for three searches. Each section takes its page once, unfiltered, on the first visit
// only; after that the live feed's resync (on the watch's acknowledgement) brings whatever changed since the page
// was made.
import type { FirstScreenLists, SearchAuctionsResponse } from "../../../../contract";
import { DEFAULT_AUCTION_SORT, FIRST_SCREEN_ELEMENT_ID } from "../../../../contract/constants";
import type { AuctionFilters, ListStatus } from "./auction-lists";

let lists: Partial<FirstScreenLists> | undefined;

function readLists(): Partial<FirstScreenLists> {
  if (lists) return lists;
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  try {
    // Not parsed with the contract's schema (that would put zod in the first download, decision 014): it came from
    // our server in the very page that runs this code, no less trusted than the code itself.
    lists = element?.textContent ? (JSON.parse(element.textContent) as Partial<FirstScreenLists>) : {};
  } catch {
    lists = {};
  }
  element?.remove();
  return lists;
}

/** The section's first page from the page itself, cut to `pageSize`; undefined when filtered or already taken. */
export function takeFirstScreenPage(status: ListStatus, filters: AuctionFilters, pageSize: number): SearchAuctionsResponse | undefined {
  if (filters.query || filters.isFreeEntryOnly || filters.sort !== DEFAULT_AUCTION_SORT) return undefined;
  const available = readLists();
  const page = available[status];
  delete available[status];
  if (!page || page.offset !== 0 || page.pageSize < pageSize) return undefined;
  const items = page.items.slice(0, pageSize);
  return { ...page, items, pageSize, hasMore: items.length < page.total };
}
