// /auctions/won: the user's won auctions, newest first, each with its fulfilment stepper, live; under them their Buy it
// now purchases, newest first, with the same stepper, live too. One empty state, only when there is neither. With
// `#won-<id>` (the "You won!" dialog's Pay now) that win's card comes into view with its pay form's first field focused.
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import { EmptyState, PageHeading } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { ShowMore } from "../../../components/ui/show-more";
import { useOwnPurchases } from "../api/own-purchases";
import { useWonAuctions } from "../api/won-auctions";
import { PurchaseCard } from "../components/purchase-card";
import { WonAuctionCard } from "../components/won-auction-card";

export function WonAuctionsPage() {
  const { t } = useTexts();
  const { data, isError } = useWonAuctions();
  const purchases = useOwnPurchases();
  const { hash } = useLocation();
  const hasList = data !== undefined;
  useEffect(() => {
    if (!hasList || !/^#won-\d+$/.test(hash)) return;
    const card = document.getElementById(hash.slice(1));
    if (!card) return;
    card.scrollIntoView({ block: "start" });
    card.querySelector<HTMLElement>("form input:not([disabled])")?.focus({ preventScroll: true });
  }, [hasList, hash]);
  const bought = purchases.data?.pages.flatMap((page) => page.items) ?? [];
  const wins = data?.items ?? [];
  // Until both lists are read (or failed), nothing is said: not even while the session is still being read, when
  // the queries wait, so "nothing won yet" never flashes before the lists.
  const isWaiting = (data === undefined && !isError) || (purchases.data === undefined && !purchases.isError);
  return (
    <>
      <PageHeading title={t("pages.won.title")}>{t("fulfilment.intro")}</PageHeading>
      {isWaiting ? (
        <CenteredProgressBar />
      ) : wins.length === 0 && bought.length === 0 ? (
        <EmptyState>{t("pages.won.empty")}</EmptyState>
      ) : (
        <div className="flex max-w-4xl flex-col gap-6">
          {data && wins.map((wonAuction) => <WonAuctionCard key={wonAuction.auctionId} wonAuction={wonAuction} defaults={data.defaults} />)}
          {bought.length > 0 && (
            <section aria-labelledby="won-purchases" className={`flex flex-col gap-4 ${wins.length > 0 ? "mt-4" : ""}`}>
              <h2 id="won-purchases" className="font-display text-xl font-semibold sm:text-2xl">
                {t("pages.won.purchases")}
              </h2>
              {bought.map((purchase) => (
                <PurchaseCard key={purchase.purchaseId} purchase={purchase} />
              ))}
              {purchases.hasNextPage && (
                <ShowMore
                  label={t("pages.won.showMorePurchases")}
                  onMore={() => void purchases.fetchNextPage()}
                  isLoading={purchases.isFetchingNextPage}
                  isFailed={purchases.isFetchNextPageError}
                />
              )}
            </section>
          )}
        </div>
      )}
    </>
  );
}
