// The label the server gives a bid by an operator ("Staff") or a demo account ("Demo"), wherever bids are listed.
import { useTexts } from "../../../hooks/use-texts";
import type { BidderLabel } from "../../../../contract";

const tone: Record<BidderLabel, string> = {
  staff: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  demo: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
};

export function BidderBadge({ label }: { label: BidderLabel | null }) {
  const { t } = useTexts();
  if (label === null) return null;
  return (
    <span
      title={t(`fairness.badgeHint.${label}`)}
      className={`ml-1.5 rounded px-1.5 py-0.5 text-[10px] font-semibold uppercase ${tone[label]}`}
    >
      {t(`fairness.badge.${label}`)}
    </span>
  );
}
