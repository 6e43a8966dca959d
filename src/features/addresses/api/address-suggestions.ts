// GET /api/addresses?q=…: delivery address suggestions while the user types (asked after a short pause).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AddressSuggestionsResponse } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const MIN_QUERY_LENGTH = 2;
const PAUSE_MS = 200;

export const addressSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ["addresses", q],
    queryFn: ({ signal }) => apiRequest(`/api/addresses?q=${encodeURIComponent(q)}`, { schema: AddressSuggestionsResponse, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function useAddressSuggestions(text: string, isWanted: boolean) {
  const q = useSettled(text.trim(), PAUSE_MS);
  const isAsked = isWanted && q.length >= MIN_QUERY_LENGTH;
  const query = useQuery({ ...addressSuggestionsQueryOptions(q), enabled: isAsked, placeholderData: keepPreviousData });
  return isAsked ? (query.data?.items ?? []) : [];
}
