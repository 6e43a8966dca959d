import { useTexts } from "../../../hooks/use-texts";
import type { AuctionStatus } from "../../../../contract";

const tones: Record<AuctionStatus, string> = {
  New: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  Waiting: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  Running: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  Ended: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  Canceled: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export function StatusBadge({ status }: { status: AuctionStatus }) {
  const { t } = useTexts();
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}>
      {t(`operator.status.${status}`)}
    </span>
  );
}
