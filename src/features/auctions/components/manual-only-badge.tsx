// Manual-only ("nail-biter") auctions (decision 101): said on cards and the page before anyone enrols, because the
// auto-bid the rest of the site offers is not there.
import { useTexts } from "../../../hooks/use-texts";
import type { AuctionCardState } from "../../../../contract";
import { HandGlyph } from "../../../components/ui/icons";

/** "Manual bids only" for a manual-only auction, with what it means on the page (`isDetailed`); nothing otherwise. */
export function ManualOnlyBadge({
  auction,
  isDetailed = false,
  className = "",
}: {
  auction: Pick<AuctionCardState, "manualOnly">;
  isDetailed?: boolean;
  className?: string;
}) {
  const { t } = useTexts();
  if (!auction.manualOnly) return null;
  return (
    <p data-rule="manual-only" className={`flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs ${className}`}>
      <span className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2.5 py-1 font-semibold text-violet-900 dark:bg-violet-900/40 dark:text-violet-100">
        <HandGlyph className="size-3.5 shrink-0" />
        {t("manualOnly.badge")}
      </span>
      {isDetailed && <span className="text-muted">{t("manualOnly.hint")}</span>}
    </p>
  );
}
