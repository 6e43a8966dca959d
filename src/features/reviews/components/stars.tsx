// A rating drawn as five stars, read out as "4 out of 5".
import { RATING_MAX } from "../../../../contract/constants";
import { useTexts } from "../../../hooks/use-texts";

export function Stars({ rating, className = "text-lg" }: { rating: number; className?: string }) {
  const { t } = useTexts();
  const whole = Math.round(rating);
  return (
    <span role="img" aria-label={t("reviews.rating", { rating })} className={`inline-flex leading-none tracking-tight ${className}`}>
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <span
          key={index}
          aria-hidden="true"
          className={index < whole ? "text-amber-500 dark:text-amber-400" : "text-slate-500 dark:text-slate-400"}
        >
          {index < whole ? "★" : "☆"}
        </span>
      ))}
    </span>
  );
}
