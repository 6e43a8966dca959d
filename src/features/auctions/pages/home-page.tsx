// Home: running auctions, 'Starting soon' (waiting) and ended auctions, each list live, searched, sorted and shown
// a page at a time; a short how-it-works.
import { startTransition, useEffect, useState } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { HOME_PAGE_SIZE, HOME_PAGE_SIZE_PHONE } from "../../../../contract/constants";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { ShowMore } from "../../../components/ui/show-more";
import { useMediaQuery } from "../../../hooks/use-media-query";
import { useAuctionSearch, type AuctionFilters, type ListStatus } from "../api/auction-lists";
import { AuctionFilterBar } from "../components/auction-filter-bar";
import { AuctionGrid, AuctionGridSkeleton } from "../components/auction-grid";
import { hasFilters, useHomeFilters } from "../home-filters";

const sections: { id: string; status: ListStatus; titleKey: string; emptyKey: string }[] = [
  { id: "running", status: "Running", titleKey: "home.running", emptyKey: "home.noRunning" },
  { id: "starting-soon", status: "Waiting", titleKey: "home.startingSoon", emptyKey: "home.noStartingSoon" },
  { id: "ended", status: "Ended", titleKey: "home.ended", emptyKey: "home.noEnded" },
];

const steps = [
  { titleKey: "home.step1Title", bodyKey: "home.step1Body" },
  { titleKey: "home.step2Title", bodyKey: "home.step2Body" },
  { titleKey: "home.step3Title", bodyKey: "home.step3Body" },
] as const;

export function HomePage() {
  const { t } = useTexts();
  const [filters, changeFilters] = useHomeFilters();
  const pageSize = useMediaQuery("(min-width: 640px)") ? HOME_PAGE_SIZE : HOME_PAGE_SIZE_PHONE;
  const shownSections = useSectionsInTurn(sections.length);
  return (
    <>
      <PageHeading title={t("home.title")}>{t("home.intro")}</PageHeading>
      <AuctionFilterBar filters={filters} onChange={changeFilters} />
      {sections.slice(0, shownSections).map((section, index) => (
        <AuctionSection key={section.id} {...section} filters={filters} pageSize={pageSize} isFirstOnPage={index === 0} />
      ))}
      <section aria-labelledby="how-it-works" className="mb-10">
        <h2 id="how-it-works" className="mb-4 text-2xl font-bold">
          {t("home.howItWorks")}
        </h2>
        <ol className="grid gap-3 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.titleKey} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
              <span className="mb-3 flex size-9 items-center justify-center rounded-full bg-primary-700 font-display text-lg font-bold text-white">
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold">{t(step.titleKey)}</h3>
              <p className="mt-1 text-sm text-muted">{t(step.bodyKey)}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/**
 * How many of Home's sections to draw: the first at once, then each next one in a render of its own once the one
 * above is on the screen (a transition, so React renders it in slices). The first section's cards fill a phone's
 * screen and more; the rest follow within a moment, and no single task of a slow phone's first load draws them all
 * (decision 042).
 */
function useSectionsInTurn(count: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown < count) startTransition(() => setShown(shown + 1));
  }, [shown, count]);
  return shown;
}

type SectionProps = (typeof sections)[number] & { filters: AuctionFilters; pageSize: number; isFirstOnPage: boolean };

function AuctionSection({ id, status, titleKey, emptyKey, filters, pageSize, isFirstOnPage }: SectionProps) {
  const { t } = useTexts();
  const { items, total, isLoading, isError, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useAuctionSearch(status, filters, pageSize);
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mb-10">
      <h2 id={`${id}-title`} className="mb-4 text-2xl font-bold">
        {t(titleKey)}
        {total > 0 && <span className="ml-2 text-base font-medium text-muted">{total}</span>}
      </h2>
      {isLoading ? (
        <AuctionGridSkeleton />
      ) : isError && items.length === 0 ? (
        <EmptyState>{t("common.somethingWentWrong")}</EmptyState>
      ) : items.length === 0 ? (
        <EmptyState>{t(hasFilters(filters) ? "home.noMatches" : emptyKey)}</EmptyState>
      ) : (
        // While a new search loads, the previous cards stay, dimmed.
        <div className={`transition-opacity ${isPlaceholderData ? "opacity-60" : ""}`} aria-busy={isPlaceholderData || isFetchingNextPage}>
          <AuctionGrid auctions={items} isFirstOnPage={isFirstOnPage} />
          {hasNextPage && !isPlaceholderData && (
            <ShowMore
              label={t("home.showMore")}
              onMore={() => void fetchNextPage()}
              isLoading={isFetchingNextPage}
              isFailed={isFetchNextPageError}
              className="mt-5"
            >
              <p className="text-sm text-muted">{t("home.shown", { shown: items.length, total })}</p>
            </ShowMore>
          )}
        </div>
      )}
    </section>
  );
}
