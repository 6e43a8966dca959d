import { useTexts } from "../../hooks/use-texts";

/** The thin, centred, indeterminate progress bar shown while something unresolved loads (max 320 px). */
export function CenteredProgressBar() {
  const { t } = useTexts();
  return (
    <div className="flex min-h-[40vh] items-center justify-center px-6">
      <div
        role="progressbar"
        aria-label={t("common.loading")}
        className="relative h-1 w-full max-w-[320px] overflow-hidden rounded-full bg-primary-100 dark:bg-primary-900/40"
      >
        <div className="absolute inset-y-0 left-0 w-2/5 animate-progress rounded-full bg-primary-500" />
      </div>
    </div>
  );
}
