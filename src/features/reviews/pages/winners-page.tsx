// /winners: every visible review by a verified winner or buyer, newest first, a page at a time, with the average. Its
// document title names what is on it, for search engines and the browser's tabs.
import { useEffect } from "react";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { ShowMore } from "../../../components/ui/show-more";
import { FormAlert } from "../../../components/ui/form";
import { useTexts } from "../../../hooks/use-texts";
import { useWinnersReviews } from "../api/winners-reviews";
import { ReviewCard } from "../components/review-card";
import { Stars } from "../components/stars";

/** index.html's own title, which every other page keeps; not the title found on arrival, which on /winners the server has written already. */
const APP_TITLE = "Pennybid";

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
}

export function WinnersPage() {
  const { t } = useTexts();
  useDocumentTitle(t("reviews.documentTitle"));
  const reviews = useWinnersReviews();
  const first = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeading title={t("reviews.pageTitle")}>{t("reviews.intro")}</PageHeading>
      {reviews.isError && !first ? (
        <FormAlert message={t("errors.INTERNAL")} />
      ) : !first ? (
        <CenteredProgressBar />
      ) : items.length === 0 ? (
        <EmptyState>{t("reviews.empty")}</EmptyState>
      ) : (
        <div className="flex flex-col gap-5">
          {first.averageRating !== null && (
            <p className="flex flex-wrap items-center gap-2 text-muted">
              <Stars rating={first.averageRating} className="text-xl" />
              <span>{t("reviews.summary", { rating: first.averageRating, count: first.count })}</span>
            </p>
          )}
          <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {items.map((review) => (
              <ReviewCard key={review.id} review={review} heading="h2" />
            ))}
          </div>
          {reviews.hasNextPage && (
            <ShowMore
              label={t("reviews.showMore")}
              onMore={() => void reviews.fetchNextPage()}
              isLoading={reviews.isFetchingNextPage}
              isFailed={reviews.isFetchNextPageError}
            />
          )}
        </div>
      )}
    </>
  );
}
