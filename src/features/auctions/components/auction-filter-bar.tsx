// Above Home's sections: search by title (applied a moment after typing stops), sort, and only free-entry auctions.
import { useEffect, useId, useRef, useState } from "react";
import { useTexts } from "../../../hooks/use-texts";
import type { AuctionSort } from "../../../../contract";
import { auctionSorts, SEARCH_QUERY_MAX } from "../../../../contract/constants";
import { inputClassName } from "../../../components/ui/form";
import { CloseGlyph, SearchGlyph } from "../../../components/ui/icons";
import type { AuctionFilters } from "../api/auction-lists";
import { iconButtonClassName } from "../../../components/ui/button";

export const SEARCH_DEBOUNCE_MS = 250;

const sortLabelKeys: Record<AuctionSort, string> = {
  endingSoon: "home.sortEndingSoon",
  lowestPrice: "home.sortLowestPrice",
  newest: "home.sortNewest",
};

type Props = { filters: AuctionFilters; onChange: (change: Partial<AuctionFilters>) => void };

export function AuctionFilterBar({ filters, onChange }: Props) {
  const { t } = useTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(filters.query);
  // Back, forward or a link may change the search under the field: the field follows (React's "adjust state while
  // rendering" pattern, no effect).
  const [shownQuery, setShownQuery] = useState(filters.query);
  if (filters.query !== shownQuery) {
    setShownQuery(filters.query);
    if (draft.trim() !== filters.query) setDraft(filters.query);
  }

  // The sort and the checkbox show the choice at once: the address (and so `filters`) follows a moment later, after
  // the router's navigation, and a control that waited for it would flick back under the finger meanwhile.
  const [shownChoice, setShownChoice] = useState({ sort: filters.sort, isFreeEntryOnly: filters.isFreeEntryOnly });
  const [choiceFromAddress, setChoiceFromAddress] = useState(shownChoice);
  if (filters.sort !== choiceFromAddress.sort || filters.isFreeEntryOnly !== choiceFromAddress.isFreeEntryOnly) {
    const fromAddress = { sort: filters.sort, isFreeEntryOnly: filters.isFreeEntryOnly };
    setChoiceFromAddress(fromAddress);
    setShownChoice(fromAddress);
  }
  const choose = (change: Partial<typeof shownChoice>) => {
    setShownChoice((current) => ({ ...current, ...change }));
    onChange(change);
  };

  useEffect(() => {
    if (draft.trim() === filters.query) return;
    const timer = setTimeout(() => onChange({ query: draft }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, filters.query, onChange]);

  const clear = () => {
    setDraft("");
    onChange({ query: "" });
    input.current?.focus();
  };

  return (
    <form
      role="search"
      aria-label={t("home.filters")}
      className="mb-8 flex flex-col gap-3 rounded-2xl border border-line bg-surface p-3 shadow-sm sm:flex-row sm:flex-wrap sm:items-center"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ query: draft });
      }}
    >
      <div className="relative min-w-0 flex-1 sm:min-w-64">
        <label htmlFor={`${id}-query`} className="sr-only">
          {t("home.search")}
        </label>
        <SearchGlyph className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          id={`${id}-query`}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t("home.searchPlaceholder")}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && draft !== "") {
              event.preventDefault();
              clear();
            }
          }}
          className={`${inputClassName} w-full pr-11 pl-11 [&::-webkit-search-cancel-button]:hidden`}
        />
        {draft !== "" && (
          <button
            type="button"
            onClick={clear}
            aria-label={t("home.clearSearch")}
            className={iconButtonClassName("absolute top-1/2 right-1 size-9 -translate-y-1/2 hover:text-ink")}
          >
            <CloseGlyph className="size-4" />
          </button>
        )}
      </div>
      {/* On a phone the sort takes the row and the checkbox wraps under it; wider, all three share one line. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-[1_1_16rem] items-center gap-2 sm:flex-none">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium whitespace-nowrap text-muted">
            {t("home.sort")}
          </label>
          <select
            id={`${id}-sort`}
            value={shownChoice.sort}
            onChange={(event) => choose({ sort: event.target.value as AuctionSort })}
            className={`${inputClassName} min-w-0 flex-1 pr-8`}
          >
            {auctionSorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(sortLabelKeys[sort])}
              </option>
            ))}
          </select>
        </div>
        <label className="flex h-11 shrink-0 cursor-pointer items-center gap-2 rounded-xl px-2 text-sm font-medium select-none">
          <input
            type="checkbox"
            checked={shownChoice.isFreeEntryOnly}
            onChange={(event) => choose({ isFreeEntryOnly: event.target.checked })}
            className="size-5 accent-primary-700"
          />
          {t("home.freeEntry")}
        </label>
      </div>
    </form>
  );
}
