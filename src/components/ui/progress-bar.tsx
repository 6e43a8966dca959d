import { useTexts } from "../../hooks/use-texts";

/**
 * A thin indeterminate progress bar: a segment sliding along a track, standing still as a full bar under the system's
 * "reduce motion". `className` places the track and gives its colour.
 */
export function IndeterminateProgress({ label, className }: { label: string; className: string }) {
  return (
    <div role="progressbar" aria-label={label} className={`h-1 overflow-hidden ${className}`}>
      <div className="absolute inset-y-0 left-0 w-2/5 rounded-full bg-primary-500 motion-safe:animate-progress motion-reduce:w-full" />
    </div>
  );
}

/** The thin, centred, indeterminate progress bar shown while something unresolved loads (max 320 px). */
export function CenteredProgressBar() {
  const { t } = useTexts();
  return (
    <div className="flex min-h-[40vh] items-center justify-center px-6">
      <IndeterminateProgress
        label={t("common.loading")}
        className="relative w-full max-w-[320px] rounded-full bg-primary-100 dark:bg-primary-900/40"
      />
    </div>
  );
}
