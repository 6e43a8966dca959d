// "Show more" under a list that loads a page at a time (Home's sections, the wallet's transactions on a phone, bought
// items): busy while the next page loads; a page that fails to load is said above the button, and pressing it again
// asks again.
import type { ReactNode } from "react";
import { useTexts } from "../../hooks/use-texts";
import { Button } from "./button";
import { FormAlert } from "./form";

type ShowMoreProps = {
  label: string;
  onMore: () => void;
  isLoading: boolean;
  isFailed: boolean;
  /** What is said above the button (how many of how many are shown). */
  children?: ReactNode;
  className?: string;
};

export function ShowMore({ label, onMore, isLoading, isFailed, children, className = "" }: ShowMoreProps) {
  const { t } = useTexts();
  return (
    <div className={`flex flex-col items-center gap-2 ${className}`}>
      {children}
      <FormAlert message={isFailed && !isLoading ? t("common.showMoreFailed") : undefined} />
      <Button variant="secondary" className="w-full sm:w-auto" disabled={isLoading} aria-busy={isLoading || undefined} onClick={onMore}>
        {isLoading ? t("common.loading") : label}
      </Button>
    </div>
  );
}
