// What an auction of this product usually costs (issue 55 item 1, decision 100), shown before the bidder enrols: how
// many took part in the product's recent auctions, what half and nine in ten of them spent in all, what a winner paid
// in all against the retail value, and the share who won; "not enough history yet" below the server's threshold.
import { useQuery } from "@tanstack/react-query";
import { useTexts } from "../../../hooks/use-texts";
import { useEuro, usePercent } from "../../../lib/format";
import { usualCostQueryOptions } from "../api/usual-cost";

export function UsualCostSection({ auctionId, className = "" }: { auctionId: number; className?: string }) {
  const { t } = useTexts();
  const euro = useEuro();
  const percent = usePercent();
  const { data: cost } = useQuery(usualCostQueryOptions(auctionId));
  if (!cost) return null;
  const { figures } = cost;

  return (
    <section aria-labelledby="usual-cost" className={`rounded-2xl border border-line bg-surface p-4 shadow-sm lg:p-5 ${className}`}>
      <h2 id="usual-cost" className="mb-1 text-lg font-semibold">
        {t("usualCost.title")}
      </h2>
      {figures === null ? (
        <p className="text-sm text-muted">
          {t("usualCost.notEnough", { min: cost.minAuctions, days: cost.windowDays, ended: cost.auctions })}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted">{t("usualCost.explained", { days: cost.windowDays })}</p>
          <dl className="flex flex-col gap-2 text-sm">
            <Figure term={t("usualCost.auctions")} value={String(cost.auctions)} />
            <Figure term={t("usualCost.participants")} value={String(figures.participants)} />
            <Figure term={t("usualCost.median")} value={euro(figures.medianSpentCents)} />
            <Figure term={t("usualCost.p90")} value={euro(figures.p90SpentCents)} />
            <Figure
              term={t("usualCost.winnerAllIn")}
              value={figures.winnerAllInCents === null ? t("usualCost.noWins") : euro(figures.winnerAllInCents)}
              note={
                figures.winnerAllInCents !== null && figures.retailValueCents
                  ? t("usualCost.ofRetail", {
                      share: percent(figures.winnerAllInCents / figures.retailValueCents),
                      retail: euro(figures.retailValueCents),
                    })
                  : undefined
              }
            />
            <Figure term={t("usualCost.winShare")} value={percent(figures.winShare)} />
          </dl>
        </>
      )}
    </section>
  );
}

/** A term and its figure on one line (the term wraps, the figure does not), with an optional note under the figure. */
function Figure({ term, value, note }: { term: string; value: string; note?: string | undefined }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-t border-line pt-2 first:border-t-0 first:pt-0">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right">
        <span className="font-display text-base font-bold whitespace-nowrap tabular-nums">{value}</span>
        {note && <span className="block text-xs text-muted">{note}</span>}
      </dd>
    </div>
  );
}
