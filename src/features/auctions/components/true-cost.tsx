// What an ended auction really cost (issue 21 item 4): beside the final price, the winner's price plus entry fee and
// every bidder's entry fees together, as the server counted them from the ledger. A card shows it in one line.
import { useTexts } from "../../../hooks/use-texts";
import type { TrueCost as TrueCostFigures } from "../../../../contract";
import { useEuro } from "../../../lib/format";

/** `isSold`: false when the auction ended without bids or its win was canceled unpaid: then only the fees are figures. */
export function TrueCostPanel({
  priceCents,
  trueCost,
  isSold,
  feeBackPercent = 0,
}: {
  priceCents: number;
  trueCost: TrueCostFigures;
  isSold: boolean;
  /** Fees back (decision 103): the entry fees are counted less what came back to those who lost. */
  feeBackPercent?: number;
}) {
  const { t } = useTexts();
  const euro = useEuro();
  return (
    <section aria-labelledby="true-cost" className="order-1 rounded-2xl border border-line bg-surface p-4 shadow-sm lg:order-none lg:p-5">
      <h2 id="true-cost" className="mb-1 text-lg font-semibold">
        {t("trueCost.title")}
      </h2>
      <p className="mb-3 text-sm text-muted">{t("trueCost.explained")}</p>
      <dl className={`grid grid-cols-1 gap-2 text-sm ${isSold ? "sm:grid-cols-3" : ""}`}>
        {isSold && <Figure term={t("trueCost.soldFor")} value={euro(priceCents)} />}
        {isSold && trueCost.winnerPaidCents !== null && <Figure term={t("trueCost.winnerPaid")} value={euro(trueCost.winnerPaidCents)} />}
        <Figure term={t("trueCost.entryFees")} value={euro(trueCost.entryFeesCents)} />
      </dl>
      {feeBackPercent > 0 && <p className="mt-2 text-sm text-muted">{t("feesBack.trueCostNote", { percent: feeBackPercent })}</p>}
    </section>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 sm:flex-col sm:items-start sm:gap-0">
      <dt className="text-muted">{term}</dt>
      <dd className="font-display text-lg font-bold tabular-nums sm:text-xl">{value}</dd>
    </div>
  );
}

/** The card's compact form: one line under the sold price. */
export function TrueCostLine({ trueCost, isSold }: { trueCost: TrueCostFigures; isSold: boolean }) {
  const { t } = useTexts();
  const euro = useEuro();
  const fees = t("trueCost.cardFees", { fees: euro(trueCost.entryFeesCents) });
  return (
    <p className="text-xs text-muted">
      {!isSold || trueCost.winnerPaidCents === null
        ? fees
        : `${t("trueCost.cardWinner", { total: euro(trueCost.winnerPaidCents) })} · ${fees}`}
    </p>
  );
}
