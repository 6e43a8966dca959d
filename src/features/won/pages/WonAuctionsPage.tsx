// /auctions/won: the user's won auctions, newest first, each with its fulfilment stepper, live. With `#won-<id>`
// (the "You won!" dialog's Pay now) that win's card comes into view with its pay form's first field focused.
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { EmptyState, PageHeading } from "../../../components/ui/PageHeading";
import { CenteredProgressBar } from "../../../components/ui/ProgressBar";
import { useWonAuctions } from "../api/won-auctions";
import { WonAuctionCard } from "../components/WonAuctionCard";

export function WonAuctionsPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useWonAuctions();
  const { hash } = useLocation();
  const hasList = data !== undefined;
  useEffect(() => {
    if (!hasList || !/^#won-\d+$/.test(hash)) return;
    const card = document.getElementById(hash.slice(1));
    if (!card) return;
    card.scrollIntoView({ block: "start" });
    card.querySelector<HTMLElement>("form input:not([disabled])")?.focus({ preventScroll: true });
  }, [hasList, hash]);
  return (
    <>
      <PageHeading title={t("pages.won.title")}>{t("fulfilment.intro")}</PageHeading>
      {isLoading ? (
        <CenteredProgressBar />
      ) : data && data.items.length > 0 ? (
        <div className="flex max-w-4xl flex-col gap-6">
          {data.items.map((wonAuction) => (
            <WonAuctionCard key={wonAuction.auctionId} wonAuction={wonAuction} defaults={data.defaults} />
          ))}
        </div>
      ) : (
        <EmptyState>{t("pages.won.empty")}</EmptyState>
      )}
    </>
  );
}
