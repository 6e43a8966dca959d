// The review of a delivered item: a rating (five radio buttons drawn as stars), the text (255 characters at most, as
// every other text) and up to three photos (PNG, JPEG or WebP of at most 5 MB each, as the back office's pictures),
// checked here with the contract's rules and again by the server, whose refusals land on their fields.
import { useId, useState, type FormEvent } from "react";
import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGABYTES } from "../../../../contract/images";
import { MAX_REVIEW_PHOTOS, RATING_MAX, TEXT_MAX } from "../../../../contract/constants";
import type { ReviewSource } from "../../../../contract/reviews";
import { FieldMessage, FormAlert, SubmitButton, fieldDescribedBy, inputClassName } from "../../../components/ui/form";
import { PicturePicker, type PictureProblem } from "../../../components/ui/picture-picker";
import { showToast } from "../../../components/ui/toast";
import { useTexts } from "../../../hooks/use-texts";
import { ApiError } from "../../../lib/api-client";
import { usePostReview } from "../api/post-review";
import { reviewSchemas } from "../api/schemas";

const PHOTO_RULES = { max: MAX_REVIEW_PHOTOS, accepted: ["image/png", "image/jpeg", "image/webp"], maxBytes: MAX_IMAGE_BYTES };
type Field = "rating" | "text" | "photos";

export function ReviewForm({ source, sourceId, onPosted }: { source: ReviewSource; sourceId: number; onPosted?: () => void }) {
  const { t } = useTexts();
  const id = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [photos, setPhotos] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const post = usePostReview();

  const photoProblems: Record<PictureProblem, string> = {
    tooMany: "reviews.validation.tooManyPhotos",
    type: "reviews.validation.photoType",
    size: t("errors.IMAGE_TOO_LARGE", { maxMegabytes: MAX_IMAGE_MEGABYTES }),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    // The contract's rules, as the server checks them, load with the first review sent (decision 116); without the
    // network they cannot, nor could the review be sent.
    const schemas = await reviewSchemas().catch(() => null);
    if (!schemas) return setFailure(t("errors.NETWORK"));
    const parsed = schemas.PostReviewBody.pick({ rating: true, text: true, photos: true }).safeParse({ rating, text, photos });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    post.mutate(
      { source, sourceId, ...parsed.data },
      {
        onSuccess: () => {
          showToast("success", t("reviews.posted"));
          onPosted?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.issues.length > 0) {
            const found: Partial<Record<Field, string>> = {};
            for (const issue of error.issues) found[issue.path.split(".")[0] as Field] ??= issue.message;
            return setErrors(found);
          }
          if (error instanceof ApiError && error.code.startsWith("IMAGE_"))
            return setErrors({ photos: t(`errors.${error.code}`, error.values) });
          setFailure(
            error instanceof ApiError
              ? t(`errors.${error.code}`, { defaultValue: t("errors.INTERNAL"), ...error.values })
              : t("errors.INTERNAL"),
          );
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t("reviews.form.title")} className="flex flex-col gap-4">
      <fieldset aria-describedby={fieldDescribedBy(`${id}-rating`, errors.rating, null)} aria-invalid={errors.rating ? true : undefined}>
        <legend className="mb-1.5 text-sm font-medium">{t("reviews.form.rating")}</legend>
        <div className="flex gap-1">
          {Array.from({ length: RATING_MAX }, (_, index) => index + 1).map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-lg p-1 text-3xl leading-none focus-within:ring-3 focus-within:ring-primary-500/40"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setErrors((current) => ({ ...current, rating: undefined }));
                }}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={value <= rating ? "text-amber-500 dark:text-amber-400" : "text-slate-500 dark:text-slate-400"}
              >
                {value <= rating ? "★" : "☆"}
              </span>
              <span className="sr-only">{t("reviews.rating", { rating: value })}</span>
            </label>
          ))}
        </div>
        <FieldMessage id={`${id}-rating`} error={errors.rating} hint={null} />
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-text`} className="text-sm font-medium">
          {t("reviews.form.text")}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          rows={4}
          maxLength={TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={fieldDescribedBy(`${id}-text`, errors.text, "hint")}
          className={`${inputClassName} h-auto py-2.5 leading-relaxed`}
        />
        <FieldMessage id={`${id}-text`} error={errors.text} hint={t("reviews.form.textHint", { used: text.length, max: TEXT_MAX })} />
      </div>

      <PicturePicker
        value={photos}
        onChange={setPhotos}
        rules={PHOTO_RULES}
        texts={{
          legend: t("reviews.form.photos"),
          add: t("reviews.form.addPhotos"),
          picture: (number) => t("reviews.form.photoNumber", { number }),
          remove: (number) => t("reviews.form.removePhoto", { number }),
        }}
        onProblem={(problem) => setErrors((current) => ({ ...current, photos: problem ? photoProblems[problem] : undefined }))}
        describedBy={fieldDescribedBy(`${id}-photos`, errors.photos, "hint")}
      >
        <FieldMessage
          id={`${id}-photos`}
          error={errors.photos}
          hint={t("reviews.form.photosHint", { max: MAX_REVIEW_PHOTOS, maxMegabytes: MAX_IMAGE_MEGABYTES })}
        />
      </PicturePicker>

      <FormAlert message={failure} />
      <div>
        <SubmitButton isPending={post.isPending}>{t("reviews.form.submit")}</SubmitButton>
      </div>
    </form>
  );
}
