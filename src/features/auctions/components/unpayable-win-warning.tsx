// Before a bidder slides: a win at the next price would cross their monthly limit on auction spending, so they could
// not pay for it (issue 51). The server lets the bid through (the limit holds at payment); the bidder is told first.
import { useTexts } from "../../../hooks/use-texts";
import { useEuro } from "../../../lib/format";
import { useSpendLimits } from "../../wallet";

export function UnpayableWinWarning({ nextPriceCents, className = "" }: { nextPriceCents: number; className?: string }) {
  const { t } = useTexts();
  const euro = useEuro();
  const { data: limits } = useSpendLimits();
  const leftCents = limits?.auction.leftCents ?? null;
  if (leftCents === null || nextPriceCents <= leftCents) return null;
  return (
    <p
      role="note"
      className={`rounded-xl bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100 ${className}`}
    >
      {t("auction.unpayableWin", { price: euro(nextPriceCents), left: euro(leftCents) })}
    </p>
  );
}
