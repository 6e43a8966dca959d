// A back-office list's address: its filters (a status, a search, the audit log's fields) and its page live in the
// query string, so a list can be linked and Back works. One reading and one writing of it for every list.
import { useSearchParams } from "react-router-dom";

export type ListAddress<Field extends string> = {
  /** Each filter's text as the address has it ("" when absent). */
  values: Record<Field, string>;
  /** The page, from 1; anything else in the address reads as 1. */
  page: number;
  /** The query string with `change` made to the filters (kept otherwise), trimmed, empty ones left out, at `page`. */
  searchWith: (change: Partial<Record<Field, string>>, page?: number) => string;
  /** Goes to that address: a changed filter starts at the first page. */
  go: (change: Partial<Record<Field, string>>, page?: number) => void;
};

export function useListAddress<Field extends string>(fields: readonly Field[]): ListAddress<Field> {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(fields.map((name) => [name, params.get(name) ?? ""])) as Record<Field, string>;
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const searchWith = (change: Partial<Record<Field, string>>, nextPage = 1) => {
    const next = new URLSearchParams();
    for (const name of fields) {
      const value = (change[name] ?? values[name]).trim();
      if (value) next.set(name, value);
    }
    if (nextPage > 1) next.set("page", String(nextPage));
    return next.toString();
  };
  return { values, page, searchWith, go: (change, nextPage) => setParams(searchWith(change, nextPage)) };
}
