// What a list of Home asks for: its status and its filters. A file of its own, so that the first screen (which hands
// out a list's first page) and the lists' queries (which take it) read the same types without importing each other.
import type { AuctionSort } from "../../../../contract";

export type ListStatus = "Running" | "Waiting" | "Ended";

/** What narrows Home's sections: the title search, the sort, and whether only free-entry auctions show. */
export type AuctionFilters = { query: string; sort: AuctionSort; isFreeEntryOnly: boolean };
