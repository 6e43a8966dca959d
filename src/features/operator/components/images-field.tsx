// Product pictures for a draft: chosen from the device, shown as thumbnails, each removable and movable earlier or
// later with buttons (keyboard and touch alike; the first is the one cards show). They travel in order, new ones as
// data URLs, in the create or edit call; the server stores them (/media/…) in that order. At most eight, as the
// contract allows.
import { useEffect, useId, useRef, useState } from "react";
import { MAX_IMAGE_BYTES } from "../../../../contract/images";
import { useTexts } from "../../../hooks/use-texts";
import { iconButtonClassName } from "../../../components/ui/button";
import { ChevronLeftGlyph, ChevronRightGlyph, CloseGlyph } from "../../../components/ui/icons";

export const MAX_IMAGES = 8;
// The contract takes a data URL of up to 8 MB: a picture of MAX_IMAGE_BYTES (5 MB) fits with its base64 overhead.
const ACCEPTED = "image/png,image/jpeg,image/webp,image/gif";

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });

/** `images` with the one at `from` moved to `to`. */
export const moveImage = (images: string[], from: number, to: number): string[] => {
  const moved = [...images];
  const [image] = moved.splice(from, 1);
  moved.splice(to, 0, image!);
  return moved;
};

type Direction = "earlier" | "later";

export function ImagesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (images: string[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTexts();
  const id = useId();
  const [problem, setProblem] = useState<string>();
  // Focus follows the moved picture: its button of the same direction, or the other one once it reaches an end.
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const moved = useRef<{ index: number; direction: Direction } | null>(null);
  useEffect(() => {
    if (!moved.current) return;
    const { index, direction } = moved.current;
    moved.current = null;
    const same = moveButtons.current.get(`${index}-${direction}`);
    const other = moveButtons.current.get(`${index}-${direction === "earlier" ? "later" : "earlier"}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [value]);
  const move = (index: number, direction: Direction) => {
    const to = direction === "earlier" ? index - 1 : index + 1;
    moved.current = { index: to, direction };
    onChange(moveImage(value, index, to));
  };
  const moveButton = (index: number, direction: Direction) => (
    <button
      type="button"
      ref={(button) => {
        if (button) moveButtons.current.set(`${index}-${direction}`, button);
        else moveButtons.current.delete(`${index}-${direction}`);
      }}
      disabled={direction === "earlier" ? index === 0 : index === value.length - 1}
      onClick={() => move(index, direction)}
      aria-label={t(direction === "earlier" ? "operator.form.moveImageEarlier" : "operator.form.moveImageLater", { number: index + 1 })}
      className={iconButtonClassName("size-10 border border-line bg-surface disabled:opacity-40 disabled:hover:bg-transparent")}
    >
      {direction === "earlier" ? <ChevronLeftGlyph className="size-4" /> : <ChevronRightGlyph className="size-4" />}
    </button>
  );
  const add = async (files: FileList | null) => {
    setProblem(undefined);
    const chosen = [...(files ?? [])];
    if (value.length + chosen.length > MAX_IMAGES) return setProblem(t("operator.form.tooManyImages", { max: MAX_IMAGES }));
    if (chosen.some((file) => file.size > MAX_IMAGE_BYTES || !ACCEPTED.split(",").includes(file.type))) {
      return setProblem(t("operator.form.imageRefused"));
    }
    onChange([...value, ...(await Promise.all(chosen.map(readAsDataUrl)))]);
  };
  const message = problem ?? error;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{t("operator.form.images")}</legend>
      {value.length > 0 && (
        <ul aria-label={t("operator.form.imagesInOrder")} className="flex flex-wrap gap-3">
          {value.map((src, index) => (
            <li key={`${index}-${src.slice(-16)}`} className="relative flex flex-col items-center gap-1">
              <img
                src={src}
                alt={t("operator.form.imageNumber", { number: index + 1 })}
                className="size-20 rounded-xl border border-line object-cover"
              />
              {value.length > 1 && (
                <div className="flex gap-1">
                  {moveButton(index, "earlier")}
                  {moveButton(index, "later")}
                </div>
              )}
              <button
                type="button"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={t("operator.form.removeImage", { number: index + 1 })}
                className={iconButtonClassName("absolute -top-2 -right-2 size-8 border border-line bg-surface shadow-sm")}
              >
                <CloseGlyph className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {value.length < MAX_IMAGES && (
        <div>
          <label
            htmlFor={id}
            className="inline-flex h-10 cursor-pointer items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold focus-within:ring-3 focus-within:ring-primary-500/40 hover:border-primary-400"
          >
            {t("operator.form.addImages")}
            <input
              id={id}
              type="file"
              accept={ACCEPTED}
              multiple
              className="sr-only"
              aria-describedby={`${id}-hint`}
              onChange={(event) => {
                void add(event.target.files);
                event.target.value = "";
              }}
            />
          </label>
        </div>
      )}
      <p
        id={`${id}-hint`}
        className={message ? "text-sm text-red-600 dark:text-red-400" : "text-xs text-muted"}
        role={problem ? "alert" : undefined}
      >
        {message ?? t("operator.form.imagesHint", { max: MAX_IMAGES })}
      </p>
    </fieldset>
  );
}
