// One review as anyone reads it: the stars, "Verified winner" (or buyer), the text, the photos (each opens full size),
// who wrote it and when, and the auction it came from.
import { Link } from "react-router-dom";
import { pictureFor } from "../../../../contract/constants";
import type { Review } from "../../../../contract";
import { CheckGlyph } from "../../../components/ui/icons";
import { useTexts } from "../../../hooks/use-texts";
import { useDateTime } from "../../../lib/format";
import { Stars } from "./stars";

export function ReviewCard({ review, heading: Heading = "h3" }: { review: Review; heading?: "h2" | "h3" | "h4" }) {
  const { t } = useTexts();
  const when = useDateTime();
  const titleId = `review-${review.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Stars rating={review.rating} />
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <CheckGlyph className="size-3.5" />
          {t(review.source === "win" ? "reviews.verifiedWinner" : "reviews.verifiedBuyer")}
        </span>
      </div>
      <Heading id={titleId} className="sr-only">
        {t("reviews.reviewBy", { name: review.reviewerName })}
      </Heading>
      <p className="leading-relaxed break-words whitespace-pre-line">{review.text}</p>
      {review.photos.length > 0 && (
        <ul aria-label={t("reviews.photos")} className="flex flex-wrap gap-2">
          {review.photos.map((photo, index) => (
            <li key={photo}>
              <a
                href={photo}
                target="_blank"
                rel="noreferrer"
                className="block rounded-xl focus-visible:ring-3 focus-visible:ring-primary-500/40"
              >
                <img
                  {...pictureFor(photo, "thumbnail")}
                  alt={t("reviews.photoNumber", { number: index + 1, name: review.reviewerName })}
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="size-20 rounded-xl border border-line object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-auto flex flex-wrap gap-x-2 text-sm text-muted">
        <span className="font-medium text-ink">{review.reviewerName}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={review.createdAt}>{when(review.createdAt)}</time>
      </p>
      <p className="text-sm text-muted">
        {t("reviews.fromAuction")}{" "}
        <Link
          to={`/auctions/${review.auctionId}`}
          className="font-medium break-words text-ink underline decoration-line underline-offset-2 hover:text-accent"
        >
          {review.auctionTitle}
        </Link>
      </p>
    </article>
  );
}
