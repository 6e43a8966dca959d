// Product pictures for a draft: chosen from the device, shown as thumbnails, each removable and movable earlier or
// later (the first is the one cards show). They travel in order, new ones as data URLs, in the create or edit call;
// the server stores them (/media/…) in that order. At most eight, as the contract allows.
import { useId, useState } from "react";
import { MAX_IMAGE_BYTES } from "../../../../contract/images";
import { PicturePicker } from "../../../components/ui/picture-picker";
import { useTexts } from "../../../hooks/use-texts";

const MAX_IMAGES = 8;
// The contract takes a data URL of up to 8 MB: a picture of MAX_IMAGE_BYTES (5 MB) fits with its base64 overhead.
const RULES = { max: MAX_IMAGES, accepted: ["image/png", "image/jpeg", "image/webp", "image/gif"], maxBytes: MAX_IMAGE_BYTES };

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
  const hintId = useId();
  const [problem, setProblem] = useState<string>();
  const message = problem ?? error;
  return (
    <PicturePicker
      value={value}
      onChange={onChange}
      rules={RULES}
      texts={{
        legend: t("operator.form.images"),
        add: t("operator.form.addImages"),
        list: t("operator.form.imagesInOrder"),
        picture: (number) => t("operator.form.imageNumber", { number }),
        remove: (number) => t("operator.form.removeImage", { number }),
        move: (number, direction) =>
          t(direction === "earlier" ? "operator.form.moveImageEarlier" : "operator.form.moveImageLater", { number }),
      }}
      onProblem={(found) =>
        setProblem(
          found === null
            ? undefined
            : found === "tooMany"
              ? t("operator.form.tooManyImages", { max: MAX_IMAGES })
              : t("operator.form.imageRefused"),
        )
      }
      describedBy={hintId}
    >
      <p
        id={hintId}
        className={message ? "text-sm text-red-600 dark:text-red-400" : "text-xs text-muted"}
        role={problem ? "alert" : undefined}
      >
        {message ?? t("operator.form.imagesHint", { max: MAX_IMAGES })}
      </p>
    </PicturePicker>
  );
}
