// Reviews (decision 104): the newest reviews by verified winners and buyers, all or only the visible or hidden ones,
// each with its rating, text, photos, author and auction; hiding one asks for the reason, which the public never
// sees and the audit log keeps. A hidden review is not shown again.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { pictureFor } from "../../../../contract/constants";
import { HideReviewBody, type OperatorReview } from "../../../../contract";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { FormAlert, TextField } from "../../../components/ui/form";
import { showToast } from "../../../components/ui/toast";
import { useLanguage } from "../../../hooks/use-language";
import { useTexts } from "../../../hooks/use-texts";
import { useDateTime } from "../../../lib/format";
import { operatorReviewsQuery, useHideReview, type ReviewFilter } from "../api/reviews";
import { refusalText } from "../form-issues";

const filters: ReviewFilter[] = ["all", "visible", "hidden"];

export function ReviewsPage() {
  const { t } = useTexts();
  const [filter, setFilter] = useState<ReviewFilter>("all");
  const { data, error, isPending } = useQuery(operatorReviewsQuery(filter, useLanguage()));
  return (
    <>
      <PageHeading title={t("operator.reviews.title")}>{t("operator.reviews.intro")}</PageHeading>
      <fieldset className="mb-4 flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t("operator.reviews.show")}</legend>
        {filters.map((option) => (
          <label
            key={option}
            className={`flex h-10 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-semibold has-focus-visible:ring-3 has-focus-visible:ring-primary-500/40 ${
              filter === option ? "border-primary-700 bg-primary-50 dark:bg-primary-900/30" : "border-line"
            }`}
          >
            <input
              type="radio"
              name="review-filter"
              value={option}
              checked={filter === option}
              onChange={() => setFilter(option)}
              className="accent-primary-700"
            />
            {t(`operator.reviews.filters.${option}`)}
          </label>
        ))}
      </fieldset>
      {error ? (
        <FormAlert message={refusalText(error, t, "errors.CONFLICT")} />
      ) : isPending ? (
        <CenteredProgressBar />
      ) : data.items.length === 0 ? (
        <EmptyState>{t("operator.reviews.none")}</EmptyState>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-sm">
          {data.items.map((review) => (
            <ReviewRow key={review.id} review={review} />
          ))}
        </ul>
      )}
    </>
  );
}

function ReviewRow({ review }: { review: OperatorReview }) {
  const { t } = useTexts();
  const when = useDateTime();
  const facts: [string, string][] = [
    [t("operator.reviews.reviewer"), `${review.reviewerName} · ${review.reviewerEmail}`],
    [t("operator.reviews.written"), when(review.createdAt)],
    ...(review.hiddenAt
      ? [
          [t("operator.reviews.hiddenAt"), `${when(review.hiddenAt)} · ${review.hiddenBy ?? ""}`] as [string, string],
          [t("operator.reviews.reason"), review.hiddenReason ?? ""] as [string, string],
        ]
      : []),
  ];
  return (
    <li aria-labelledby={`operator-review-${review.id}`} className="flex flex-col gap-3 px-4 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`operator-review-${review.id}`} className="flex flex-wrap items-center gap-2 font-semibold">
          <span>{t("operator.reviews.number", { id: review.id })}</span>
          <span aria-label={t("reviews.rating", { rating: review.rating })} role="img" className="text-amber-600 dark:text-amber-400">
            {"★".repeat(review.rating)}
          </span>
          <span
            className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              review.isHidden
                ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100"
                : "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
            }`}
          >
            {t(review.isHidden ? "operator.reviews.states.hidden" : "operator.reviews.states.visible")}
          </span>
        </p>
        {!review.isHidden && <HideButton review={review} />}
      </div>
      <p className="break-words whitespace-pre-line">{review.text}</p>
      {review.photos.length > 0 && (
        <ul aria-label={t("reviews.photos")} className="flex flex-wrap gap-2">
          {review.photos.map((photo, index) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noreferrer">
                <img
                  {...pictureFor(photo, "thumbnail")}
                  alt={t("reviews.form.photoNumber", { number: index + 1 })}
                  className="size-16 rounded-lg border border-line object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t("operator.reviews.auction")}</dt>
        <dd className="break-words">
          <Link to={`/operator/auctions/${review.auctionId}`} className="underline underline-offset-2 hover:text-accent">
            #{review.auctionId} {review.auctionTitle}
          </Link>
          {" · "}
          {t(review.source === "win" ? "reviews.verifiedWinner" : "reviews.verifiedBuyer")}
        </dd>
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function HideButton({ review }: { review: OperatorReview }) {
  const { t } = useTexts();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const mutation = useHideReview();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t("operator.reviews.hideNamed", { id: review.id })}
        onClick={() => {
          setFailure(undefined);
          setReasonError(undefined);
          setIsOpen(true);
        }}
      >
        {t("operator.reviews.hide")}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        variant="danger"
        title={t("operator.reviews.hideTitle", { id: review.id })}
        description={t("operator.reviews.hideBody")}
        confirmLabel={t("operator.reviews.hide")}
        isPending={mutation.isPending}
        error={failure}
        onConfirm={() => {
          const parsed = HideReviewBody.safeParse({ reason });
          if (!parsed.success) return setReasonError(parsed.error.issues[0]?.message);
          setReasonError(undefined);
          mutation.mutate(
            { reviewId: review.id, reason: parsed.data.reason },
            {
              onSuccess: () => {
                setIsOpen(false);
                showToast("success", t("operator.reviews.hidden", { id: review.id }));
              },
              onError: (error) => setFailure(refusalText(error, t, "operator.reviews.alreadyHidden", "REVIEW_ALREADY_HIDDEN")),
            },
          );
        }}
      >
        <TextField
          label={t("operator.reviews.reason")}
          hint={t("operator.reviews.reasonHint")}
          value={reason}
          maxLength={255}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError}
        />
      </ConfirmDialog>
    </>
  );
}
