// Home's search, sort and free-entry filter live in the address (`?q=…&sort=…&free=1`), so back and refresh keep them.
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import type { AuctionSort } from "../../../contract";
import { auctionSorts, DEFAULT_AUCTION_SORT, isOneOf, SEARCH_QUERY_MAX } from "../../../contract/constants";
import type { AuctionFilters } from "./api/auction-lists";

export const DEFAULT_SORT: AuctionSort = DEFAULT_AUCTION_SORT;

/** The filters the address holds (anything unknown there falls back to no filter), and a way to change them. */
export function useHomeFilters(): [AuctionFilters, (change: Partial<AuctionFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const query = (params.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX);
  const sortParam = params.get("sort");
  const sort = isOneOf(auctionSorts, sortParam) ? sortParam : DEFAULT_SORT;
  const isFreeEntryOnly = params.get("free") === "1";
  const filters = useMemo(() => ({ query, sort, isFreeEntryOnly }), [query, sort, isFreeEntryOnly]);

  const change = useCallback(
    (next: Partial<AuctionFilters>) =>
      // Replaced, not pushed: back leaves Home as it was, not one letter of the search at a time.
      setParams(
        (current) => {
          const params = new URLSearchParams(current);
          const put = (name: string, value: string | null) => (value ? params.set(name, value) : params.delete(name));
          if (next.query !== undefined) put("q", next.query.trim());
          if (next.sort !== undefined) put("sort", next.sort === DEFAULT_SORT ? null : next.sort);
          if (next.isFreeEntryOnly !== undefined) put("free", next.isFreeEntryOnly ? "1" : null);
          return params;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, change];
}

export const hasFilters = (filters: AuctionFilters) => filters.query !== "" || filters.isFreeEntryOnly;
