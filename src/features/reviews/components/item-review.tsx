// Under a delivered win or purchase on the won page: the user's review of it once written (with a note when the
// operators hid it), else a button that opens the review form. Nothing before the item is delivered.
import { useState } from "react";
import type { ReviewSource } from "../../../../contract/reviews";
import { Button } from "../../../components/ui/button";
import { useTexts } from "../../../hooks/use-texts";
import { useOwnReviews } from "../api/own-reviews";
import { ReviewCard } from "./review-card";
import { ReviewForm } from "./review-form";

export function ItemReview({ source, sourceId, isDelivered }: { source: ReviewSource; sourceId: number; isDelivered: boolean }) {
  const { t } = useTexts();
  const { data } = useOwnReviews(isDelivered);
  const [isWriting, setIsWriting] = useState(false);
  if (!isDelivered || !data) return null;
  const own = data.items.find((item) => item.source === source && item.sourceId === sourceId);
  const headingId = `${source}-${sourceId}-review`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <h3 id={headingId} className="font-display text-lg font-semibold">
        {t(own ? "reviews.yourReview" : "reviews.form.title")}
      </h3>
      {own ? (
        <>
          {own.isHidden && (
            <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {t("reviews.hiddenNote")}
            </p>
          )}
          <ReviewCard review={own} heading="h4" />
        </>
      ) : isWriting ? (
        <ReviewForm source={source} sourceId={sourceId} onPosted={() => setIsWriting(false)} />
      ) : (
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <p className="text-sm text-muted">{t("reviews.invite")}</p>
          <Button variant="secondary" size="sm" onClick={() => setIsWriting(true)}>
            {t("reviews.write")}
          </Button>
        </div>
      )}
    </section>
  );
}
