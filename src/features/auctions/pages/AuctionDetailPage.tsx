// One auction, live: pictures and description, price and time left, recent bids, enrol, slide to bid, favourite,
// and on an ended auction the verifiable bid chain.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import type { AuctionDetail } from "../../../../contract";
import { EmptyState } from "../../../components/ui/PageHeading";
import { CenteredProgressBar } from "../../../components/ui/ProgressBar";
import { useUser } from "../../auth/auth-provider";
import { bidChainQueryOptions, useAuction } from "../api/auction";
import { usePlayOnNewBid } from "../bid-sound-player";
import { EnrolButton, LikeButton, useIsEnrolled } from "../components/AuctionButtons";
import { AuctionImage } from "../components/AuctionImage";
import { AutoBidForm } from "../components/AutoBidForm";
import { SlideToBid } from "../components/SlideToBid";
import { useDuration, useEuro, useLivePhase } from "../format";
import { useAuctionLifecycle } from "../live/use-auction-lifecycle";

export function AuctionDetailPage() {
  const { t } = useTranslation();
  const auctionId = Number(useParams().auctionId);
  const isValidId = Number.isInteger(auctionId) && auctionId > 0;
  const { data: auction, isLoading } = useAuction(isValidId ? auctionId : 0);

  if (isValidId && isLoading) return <CenteredProgressBar />;
  if (!auction) {
    return (
      <>
        <h1 className="mb-6 text-3xl font-bold">{t("auction.detailTitle")}</h1>
        <EmptyState>{t("auction.notFound")}</EmptyState>
      </>
    );
  }
  return <AuctionDetailView auction={auction} />;
}

function AuctionDetailView({ auction }: { auction: AuctionDetail }) {
  const { t } = useTranslation();
  const euro = useEuro();
  const duration = useDuration();
  const { data: user } = useUser();
  const { phase, msLeft, msToStart } = useLivePhase(auction);
  useAuctionLifecycle(auction);
  const isEnrolled = useIsEnrolled(auction.id);
  const isOpen = phase === "waiting" || phase === "starting" || phase === "running";
  const isWinning = user?.isAuthenticated === true && auction.leaderName === user.displayName;
  usePlayOnNewBid(auction.bidCount);

  return (
    <article className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_420px]">
      <div className="flex flex-col gap-6">
        <div className="relative overflow-hidden rounded-3xl border border-line">
          <AuctionImage src={auction.images[0] ?? auction.image} className="aspect-[4/3] w-full" />
          <LikeButton auctionId={auction.id} className="absolute top-4 right-4" />
        </div>
        <section aria-labelledby="about">
          <h2 id="about" className="mb-2 text-xl font-semibold">{t("auction.description")}</h2>
          <p className="leading-relaxed whitespace-pre-line text-ink/85">{auction.description}</p>
        </section>
      </div>

      <div className="flex flex-col gap-5">
        <div>
          <p className="text-sm font-medium text-muted">#{auction.id}</p>
          <h1 className="text-3xl leading-tight font-bold">{auction.title}</h1>
          <p className="mt-1 text-sm text-muted">
            {t("auction.retailValue", { value: euro(auction.retailValueCents) })} · {t("auction.entryFeeIs", { fee: euro(auction.entryFeeCents) })}
          </p>
        </div>

        <div className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm">
          {phase === "ended" ? (
            <>
              <Stat label={t("auction.soldPrice")} value={euro(auction.priceCents)} />
              <Stat label={t("auction.winner")} value={auction.winnerName ?? t("auction.noWinner")} />
            </>
          ) : phase === "waiting" || phase === "starting" ? (
            <>
              <Stat label={t("auction.startingSoon")} value={phase === "starting" ? t("auction.starting") : duration(msToStart)} />
              <Stat label={t("auction.currentPrice")} value={euro(auction.priceCents)} />
            </>
          ) : (
            <>
              <Stat label={t("auction.timeLeft")} value={phase === "closing" ? t("auction.closing") : duration(msLeft)} isUrgent={msLeft <= 10_000} />
              <Stat label={t("auction.currentPrice")} value={euro(auction.priceCents)} isPrice />
              <p className="col-span-2 text-sm text-muted">
                {auction.leaderName ? t("auction.leaderIs", { name: auction.leaderName }) : t("auction.noBidsYet")}
              </p>
            </>
          )}
          <p className="col-span-2 border-t border-line pt-3 text-sm">
            {t("auction.allInCost", { total: euro(auction.entryFeeCents + auction.priceCents) })}
          </p>
        </div>

        {auction.minPreviousEntries > 0 && isOpen && (
          <p className="rounded-xl bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
            {t("auction.minPrevious", { number: auction.minPreviousEntries })}
          </p>
        )}

        <div className="flex flex-wrap gap-2">
          <EnrolButton auction={auction} isOpen={isOpen} />
        </div>

        {user?.isAuthenticated && (phase === "running" || phase === "closing") && (
          <SlideToBid
            auctionId={auction.id}
            isEnrolled={isEnrolled}
            isWinning={isWinning}
            isRunning={phase === "running"}
            minPreviousEntries={auction.minPreviousEntries}
          />
        )}

        {isEnrolled && (phase === "running" || phase === "waiting" || phase === "starting") && (
          <AutoBidForm auctionId={auction.id} priceCents={auction.priceCents} />
        )}

        <section aria-labelledby="recent-bids" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
          <h2 id="recent-bids" className="mb-3 text-lg font-semibold">{t("auction.recentBids")}</h2>
          {auction.recentBids.length === 0 ? (
            <p className="text-sm text-muted">{t("auction.noBidsYet")}</p>
          ) : (
            <ol className="flex flex-col divide-y divide-line text-sm">
              {auction.recentBids.map((bid) => (
                <li key={bid.priceCents} className="grid grid-cols-[minmax(0,1fr)_5rem_6rem] items-center gap-3 py-2">
                  <span className="truncate font-medium">
                    {bid.displayName}
                    {bid.isAuto && <span className="ml-1.5 rounded bg-black/5 px-1.5 py-0.5 text-[10px] font-semibold text-muted uppercase dark:bg-white/10">{t("auction.auto")}</span>}
                  </span>
                  <span className="text-right font-display font-semibold tabular-nums">{euro(bid.priceCents)}</span>
                  <time dateTime={bid.placedAt} className="text-right text-muted tabular-nums">
                    {new Date(bid.placedAt).toLocaleTimeString()}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </section>

        {phase === "ended" && <BidChain auctionId={auction.id} finalHash={auction.finalHash} />}
      </div>
    </article>
  );
}

function Stat({ label, value, isUrgent = false, isPrice = false }: { label: string; value: string; isUrgent?: boolean; isPrice?: boolean }) {
  return (
    <div className="min-w-0">
      <p className="text-sm text-muted">{label}</p>
      <p
        className={`truncate font-display text-3xl font-bold tabular-nums ${
          isUrgent ? "text-red-600 dark:text-red-400" : isPrice ? "text-primary-600 dark:text-primary-400" : ""
        }`}
      >
        {value}
      </p>
    </div>
  );
}

function BidChain({ auctionId, finalHash }: { auctionId: number; finalHash: string | null }) {
  const { t } = useTranslation();
  const [isShown, setIsShown] = useState(false);
  const { data: chain } = useQuery({ ...bidChainQueryOptions(auctionId), enabled: isShown });
  return (
    <section aria-labelledby="bid-chain" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="bid-chain" className="mb-2 text-lg font-semibold">{t("auction.chain")}</h2>
      <p className="text-sm text-muted">{t("auction.chainExplained")}</p>
      <p className="mt-3 text-sm font-medium">{t("auction.finalHash")}</p>
      <code className="block font-mono text-xs break-all">{finalHash ?? "—"}</code>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => setIsShown(true)} className="rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-primary-400">
          {t("auction.verify")}
        </button>
        <a href={`/api/auctions/${auctionId}/chain`} className="text-sm text-primary-600 hover:underline">
          {t("auction.chainJson")}
        </a>
      </div>
      {chain && (
        <p role="status" className={`mt-3 text-sm font-semibold ${chain.isValid ? "text-emerald-600" : "text-red-600"}`}>
          {chain.isValid ? t("auction.chainValid", { number: chain.links.length }) : t("auction.chainInvalid")}
        </p>
      )}
    </section>
  );
}
