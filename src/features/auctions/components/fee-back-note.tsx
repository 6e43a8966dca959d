// Fees back for those who lose (decision 103): "Lose and get 50% of your fee back", on a card and the auction's page
// until it ends; the server gives the fees back at the end. Nothing for an auction without the rule.
import { useTexts } from "../../../hooks/use-texts";
import type { AuctionCardState } from "../../../../contract";

export function FeeBackNote({
  auction,
  className = "",
}: {
  auction: Pick<AuctionCardState, "feeBackPercent" | "entryFeeCents">;
  className?: string;
}) {
  if (auction.feeBackPercent === 0 || auction.entryFeeCents === 0) return null;
  return <FeeBackText percent={auction.feeBackPercent} className={className} />;
}

function FeeBackText({ percent, className }: { percent: number; className: string }) {
  const { t } = useTexts();
  return (
    <p
      data-fee-back={percent}
      className={`rounded-lg bg-emerald-100 px-2.5 py-1.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100 ${className}`}
    >
      {t("feesBack.card", { percent })}
    </p>
  );
}
