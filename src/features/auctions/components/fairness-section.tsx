// An auction's public fairness figures (issue 21 item 5): entrants, bidders, bids and auto-bids as the server counts
// them, the chain's head hash (live from the feed's newest bid while the auction runs) or its final hash, and whether
// any bidder is staff or a demo account.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { Link } from "react-router-dom";
import type { AuctionState, FairnessFigures } from "../../../../contract";
import { useEuro, usePercent } from "../../../lib/format";
import { useMayLoadBelowTheFold } from "../../../lib/first-screen-moment";
import { FIGURES_CATCH_UP_MS, fairnessQueryOptions } from "../api/fairness";

export function FairnessSection({ auction }: { auction: AuctionState }) {
  const { t } = useTexts();
  const euro = useEuro();
  // The figures follow the feed: while the feed has counted bids the figures have not (bids arrived since they were
  // read), they are asked again every little while until they have caught up; never at every bid of a hot auction.
  const { bidCount } = auction;
  const { data: figures } = useQuery({
    ...fairnessQueryOptions(auction.id, auction.status),
    enabled: useMayLoadBelowTheFold(),
    refetchInterval: ({ state: { data } }) => (data && data.bids < bidCount ? FIGURES_CATCH_UP_MS : false),
  });
  const hasEnded = auction.status === "Ended";
  const hash = hasEnded ? auction.finalHash : (auction.recentBids[0]?.hash ?? figures?.headHash ?? null);

  return (
    <section aria-labelledby="fairness" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="fairness" className="mb-1 text-lg font-semibold">
        {t("fairness.title")}
      </h2>
      <p className="text-sm text-muted">{t("fairness.explained")}</p>
      {figures && (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <Count term={t("fairness.entrants")} value={String(figures.entrants)} />
            <Count term={t("fairness.bidders")} value={String(figures.distinctBidders)} />
            <Count term={t("fairness.bids")} value={String(figures.bids)} />
            <Count term={t("fairness.autoBids")} value={<AutoBids figures={figures} />} />
            {auction.feeBackPercent > 0 && hasEnded && <Count term={t("feesBack.feesReturned")} value={euro(figures.feesBackCents)} />}
          </dl>
          <AccountsVerdict figures={figures} />
        </>
      )}
      <p className="mt-3 text-sm font-medium">{hasEnded ? t("auction.finalHash") : t("fairness.headHash")}</p>
      <code data-testid="fairness-hash" className="block font-mono text-xs break-all">
        {hash ?? t("auction.noBidsYet")}
      </code>
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/faq" className="text-accent hover:underline">
          {t("fairness.howToVerify")}
        </Link>
        {/* An ended auction's bid chain section, below this one, has the chain to download and check. */}
        {!hasEnded && (
          <a href={`/api/auctions/${auction.id}/chain`} className="text-accent hover:underline">
            {t("auction.chainJson")}
          </a>
        )}
      </div>
    </section>
  );
}

function Count({ term, value }: { term: string; value: ReactNode }) {
  return (
    // A term that wraps (Latvian's is long) keeps its number on the row's line.
    <div className="flex min-w-0 flex-col justify-between">
      <dt className="text-muted">{term}</dt>
      <dd className="font-display text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function AutoBids({ figures }: { figures: FairnessFigures }) {
  const percent = usePercent();
  if (figures.autoBidShare === null) return <>{figures.autoBids}</>;
  const share = percent(figures.autoBidShare);
  return (
    <>
      {figures.autoBids} <span className="text-sm font-medium text-muted">({share})</span>
    </>
  );
}

/** Staff or demo accounts among the bidders: said plainly either way. */
function AccountsVerdict({ figures }: { figures: FairnessFigures }) {
  const { t } = useTexts();
  const isClean = figures.staffBidders === 0 && figures.demoBidders === 0;
  return (
    <p
      className={`mt-3 rounded-xl px-3 py-2 text-sm ${
        isClean
          ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          : "bg-amber-100 text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
      }`}
    >
      {isClean ? t("fairness.noStaffOrDemo") : t("fairness.staffOrDemo", { staff: figures.staffBidders, demo: figures.demoBidders })}
    </p>
  );
}
