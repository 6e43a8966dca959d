// On an auction's page: the reviews of the same product by those who won it (or bought it) and received it, with
// their average; nothing while there are none.
import { ShowMore } from "../../../components/ui/show-more";
import { useTexts } from "../../../hooks/use-texts";
import { useProductReviews } from "../api/product-reviews";
import { ReviewCard } from "./review-card";
import { Stars } from "./stars";

export function ProductReviews({ auctionId }: { auctionId: number }) {
  const { t } = useTexts();
  const reviews = useProductReviews(auctionId);
  const pages = reviews.data?.pages ?? [];
  const first = pages[0];
  if (!first || first.count === 0) return null;
  const items = pages.flatMap((page) => page.items);
  return (
    <section aria-labelledby="product-reviews" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="product-reviews" className="text-xl font-semibold">
          {t("reviews.productTitle")}
        </h2>
        {first.averageRating !== null && (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Stars rating={first.averageRating} className="text-base" />
            <span>{t("reviews.summary", { rating: first.averageRating, count: first.count })}</span>
          </p>
        )}
      </div>
      <div className={`grid gap-4 ${items.length > 1 ? "sm:grid-cols-2" : ""}`}>
        {items.map((review) => (
          <ReviewCard key={review.id} review={review} />
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
    </section>
  );
}
