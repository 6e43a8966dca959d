// One auction, live: pictures and description, the bid panel (price, time left, leader, enrol or slide to bid),
// recent bids, favourite, and on an ended auction the verifiable bid chain.
import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import type { AuctionDetail } from "../../../../contract";
import { EmptyState } from "../../../components/ui/page-heading";
import { CenteredProgressBar } from "../../../components/ui/progress-bar";
import { useUser } from "../../auth";
import { useBidderName } from "../../personal-data";
import { BuyNowPanel } from "../../buy-now";
import { ProductReviews } from "../../reviews";
import { bidChainQueryOptions, useAuction } from "../api/auction";
import { usePlayOnNewBid } from "../bid-sound-player";
import { EnrolButton, LikeButton } from "../components/auction-buttons";
import { useIsEnrolled } from "../components/bidder-controls";
import { useEnrolmentEligibility } from "../api/my-auctions";
import { AuctionRulesNotes, EnrolmentClosesNote, useIsEnrolmentLocked, useRefusalText } from "../enrolment-rules";
import { SeatsCanceled, SeatsMinimumNote, SeatsNote } from "../seats";
import { AuctionImage } from "../../../components/ui/auction-image";
import { AutoBidForm } from "../components/auto-bid-form";
import { ManualOnlyBadge } from "../components/manual-only-badge";
import { BidderBadge } from "../components/bidder-badge";
import { FairnessSection } from "../components/fairness-section";
import { endedOutcome, unsoldTextKey } from "../ended-outcome";
import { TrueCostPanel } from "../components/true-cost";
import { UsualCostSection } from "../components/usual-cost-section";
import { FeeBackNote } from "../components/fee-back-note";
import { SlideToBid } from "../components/slide-to-bid";
import { UnpayableWinWarning } from "../components/unpayable-win-warning";
import { useDuration, useEuro, useTimeOfDay } from "../../../lib/format";
import type { AuctionPhase } from "../../../../contract/auction-countdown";
import { useAuctionPhase } from "../live/use-auction-lifecycle";
import { useMsUntil } from "../live/use-countdown";
import {
  RunningAuctionProvider,
  useBidderStanding,
  useHasBidNews,
  useIsSlidable,
  useRunningAuctionTag,
} from "../live/running-auction-context";

export function AuctionDetailPage() {
  const { t } = useTexts();
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

/**
 * On a phone the page is one column: title, picture, auto-bid, bids, description, and the bid panel (time left,
 * price, leader and the control) stuck to the bottom of the screen while the rest scrolls under it, so the control
 * is in the first screen and stays there. From `lg` it is two columns: picture and description on the left; title,
 * bid panel and the rest on the right. The columns' wrappers are `display: contents` on a phone, so `order` can
 * interleave their parts.
 */
function AuctionDetailView({ auction }: { auction: AuctionDetail }) {
  const { t } = useTexts();
  const { data: user } = useUser();
  // The page shows its lifecycle actor's phase; the router loads the actor's chunk with the page, so the actor starts
  // before the first paint and the progress bar below is never seen.
  const phase = useAuctionPhase(auction);
  const isEnrolled = useIsEnrolled(auction.id);
  usePlayOnNewBid(auction.bidCount);
  if (phase === null) return <CenteredProgressBar />;

  // Who leads is the server's word (its leader's id); the running-auction machine tells whether that is this bidder.
  return (
    <RunningAuctionProvider
      key={auction.id}
      auctionId={auction.id}
      phase={phase}
      isEnrolled={isEnrolled}
      bidderId={user?.isAuthenticated === true ? user.id : null}
      leaderId={auction.leaderId}
    >
      <article className="flex flex-col gap-5 lg:grid lg:grid-cols-[minmax(0,1fr)_420px] lg:items-start lg:gap-8">
        <div className="contents lg:col-start-2 lg:row-start-1 lg:flex lg:flex-col lg:gap-5">
          <AuctionTitle auction={auction} />
          {/* What the product's recent auctions cost their bidders, before the bidder enrols (a phone: under the picture). */}
          {!isEnrolled && (phase === "waiting" || phase === "starting" || phase === "running") && (
            <UsualCostSection auctionId={auction.id} className="order-3 lg:order-none" />
          )}
          <BidPanel auction={auction} phase={phase} />
          {phase === "ended" && user?.isAuthenticated === true && (
            <Suspense fallback={null}>
              <BuyNowPanel auctionId={auction.id} className="order-1 lg:order-none" />
            </Suspense>
          )}
          {phase === "ended" && auction.trueCost && (
            <TrueCostPanel
              priceCents={auction.priceCents}
              trueCost={auction.trueCost}
              isSold={endedOutcome(auction) === "sold"}
              feeBackPercent={auction.feeBackPercent}
            />
          )}
          {isEnrolled && !auction.manualOnly && (phase === "running" || phase === "waiting" || phase === "starting") && (
            <div className="order-3 lg:order-none">
              <AutoBidForm auctionId={auction.id} priceCents={auction.priceCents} />
            </div>
          )}
          <RecentBids auction={auction} />
          <div className="order-6 lg:order-none">
            <FairnessSection auction={auction} />
          </div>
          {phase === "ended" && (
            <div className="order-6 lg:order-none">
              <BidChain auctionId={auction.id} />
            </div>
          )}
        </div>
        <div className="contents lg:col-start-1 lg:row-start-1 lg:flex lg:flex-col lg:gap-6">
          <AuctionImage
            src={auction.images[0] ?? auction.image}
            shownAs="detail"
            loading="priority"
            className="order-2 aspect-[16/9] w-full rounded-2xl border border-line sm:aspect-[4/3] lg:order-none lg:rounded-3xl"
          />
          <section aria-labelledby="about" className="order-5 lg:order-none">
            <h2 id="about" className="mb-2 text-xl font-semibold">
              {t("auction.description")}
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-ink/85">{auction.description}</p>
          </section>
          <div className="order-7 lg:order-none">
            <ProductReviews auctionId={auction.id} />
          </div>
        </div>
      </article>
    </RunningAuctionProvider>
  );
}

function AuctionTitle({ auction }: { auction: AuctionDetail }) {
  const { t } = useTexts();
  const euro = useEuro();
  return (
    <div className="order-1 flex items-start gap-3 lg:order-none">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-muted">#{auction.id}</p>
        <h1 className="text-2xl leading-tight font-bold sm:text-3xl">{auction.title}</h1>
        <p className="mt-1 text-sm text-muted">
          {t("auction.retailValue", { value: euro(auction.retailValueCents) })} ·{" "}
          {t("auction.entryFeeIs", { fee: euro(auction.entryFeeCents) })}
        </p>
      </div>
      <LikeButton auctionId={auction.id} className="mt-1 border border-line" />
    </div>
  );
}

/**
 * Time left, price, leader and the control: what a bidder needs at a glance, coloured by where they stand. On a phone
 * it stays stuck to the bottom of the screen in every phase: an auction ending under the bidder's thumb changes what
 * the panel says, not where it is.
 */
function BidPanel({ auction, phase }: { auction: AuctionDetail; phase: AuctionPhase }) {
  const { t } = useTexts();
  const nameOf = useBidderName();
  const euro = useEuro();
  const duration = useDuration();
  const { data: user } = useUser();
  const msLeft = useMsUntil(auction.endsAt);
  const msToStart = useMsUntil(auction.startsAt, "down");
  const isEnrolled = useIsEnrolled(auction.id);
  const standing = useBidderStanding();
  // The slide is there while the running-auction machine says so; a bid on its way when the auction ends keeps its
  // status line, to say the server's answer.
  const canSlide = useIsSlidable();
  const isLeading = useRunningAuctionTag("leading");
  const isOutbid = useRunningAuctionTag("outbid");
  const hasBidNews = useHasBidNews();
  const isOpen = phase === "waiting" || phase === "starting" || phase === "running";
  const refusalText = useRefusalText();
  const isLocked = useIsEnrolmentLocked(auction);
  // What enrolling would answer, asked before the bidder tries (the closing time and price the note shows itself).
  const eligibility = useEnrolmentEligibility(auction.id, isOpen && !isEnrolled && !isLocked);
  const refusal = isOpen && !isEnrolled && !isLocked ? (eligibility.data?.refusal ?? null) : null;
  const outcome = phase === "ended" ? endedOutcome(auction) : null;
  const hasWon = outcome === "sold" && user?.isAuthenticated === true && auction.winnerId === user.id;
  const frame = hasWon
    ? "border-emerald-500 bg-emerald-50 ring-2 ring-emerald-500 dark:bg-emerald-950"
    : isOutbid
      ? "border-red-500 bg-red-50 ring-2 ring-red-500 dark:bg-red-950"
      : isLeading
        ? "border-emerald-500 bg-emerald-50 ring-2 ring-emerald-500 dark:bg-emerald-950"
        : "border-line bg-surface";

  return (
    <section
      aria-label={t("auction.bidPanel")}
      data-standing={canSlide ? standing : undefined}
      className={`sticky bottom-0 z-20 order-last -mx-4 flex flex-col gap-3 rounded-2xl rounded-b-none border p-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_24px_-12px_rgb(15_23_42/0.35)] transition-colors sm:mx-0 sm:rounded-b-2xl lg:static lg:order-none lg:p-5 lg:pb-5 lg:shadow-sm landscape-phone:grid landscape-phone:grid-cols-2 landscape-phone:items-center landscape-phone:gap-x-5 landscape-phone:py-2 ${frame}`}
    >
      <div className="grid grid-cols-2 gap-x-3 gap-y-1">
        {auction.status === "Canceled" ? (
          <SeatsCanceled seats={auction.seats} />
        ) : outcome === "sold" ? (
          <>
            <Stat label={t("auction.soldPrice")} value={euro(auction.priceCents)} />
            <Stat
              label={t("auction.winner")}
              value={auction.winnerName === null ? t("auction.noWinner") : nameOf(auction.winnerName)}
              isName
            />
          </>
        ) : outcome ? (
          <p role="status" className="col-span-2 font-display text-xl font-bold">
            {t(unsoldTextKey[outcome])}
          </p>
        ) : phase === "waiting" || phase === "starting" ? (
          <>
            <Stat label={t("auction.startingSoon")} value={phase === "starting" ? t("auction.starting") : duration(msToStart)} />
            <Stat label={t("auction.currentPrice")} value={euro(auction.priceCents)} />
          </>
        ) : (
          <>
            {/* Closing: the time is up (00:00) and the server's word on the end has not come yet; a slide is still sent. */}
            <Stat
              label={phase === "closing" ? t("auction.closing") : t("auction.timeLeft")}
              value={duration(phase === "closing" ? 0 : msLeft)}
              isUrgent={phase === "closing" || msLeft <= 10_000}
            />
            <Stat label={t("auction.currentPrice")} value={euro(auction.priceCents)} isPrice />
            <p className="col-span-2 truncate text-sm text-muted">
              {auction.leaderName ? t("auction.leaderIs", { name: nameOf(auction.leaderName) }) : t("auction.noBidsYet")}
            </p>
          </>
        )}
      </div>
      {hasWon && (
        <div className="flex flex-wrap items-center justify-between gap-3 landscape-phone:col-span-2">
          <p role="status" className="font-display text-xl font-bold text-emerald-800 dark:text-emerald-200">
            {t("auction.youWon")}
          </p>
          <Link
            to="/auctions/won"
            className="inline-flex h-11 items-center rounded-full bg-emerald-700 px-5 font-semibold text-white hover:bg-emerald-800"
          >
            {t("auction.payForWin")}
          </Link>
        </div>
      )}
      {auction.minPreviousEntries > 0 && isOpen && !isEnrolled && (
        <p className="rounded-xl bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100 landscape-phone:col-span-2">
          {t("auction.minPrevious", { number: auction.minPreviousEntries })}
        </p>
      )}
      {isOpen && !isEnrolled && <AuctionRulesNotes auction={auction} className="landscape-phone:col-span-2" />}
      {isOpen && <EnrolmentClosesNote auction={auction} className="self-start landscape-phone:col-span-2" />}
      {phase !== null && phase !== "ended" && hasRuleChips(auction, isOpen) && (
        // The auction's own rules side by side, so the phone's bid panel stays short (decisions 101-103).
        <div className="flex flex-wrap items-start gap-2 landscape-phone:col-span-2">
          <FeeBackNote auction={auction} />
          {isOpen && <SeatsNote seats={auction.seats} />}
          <ManualOnlyBadge auction={auction} isDetailed />
        </div>
      )}
      {(phase === "waiting" || phase === "starting") && <SeatsMinimumNote seats={auction.seats} className="landscape-phone:col-span-2" />}
      {refusal && (
        <p
          role="status"
          className="rounded-xl border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100 landscape-phone:col-span-2"
        >
          {refusalText(refusal.code, { minPreviousEntries: auction.minPreviousEntries, ...refusal.values })}
        </p>
      )}
      {canSlide && <UnpayableWinWarning nextPriceCents={auction.priceCents + 1} className="landscape-phone:col-span-2" />}
      {canSlide || hasBidNews ? (
        <SlideToBid minPreviousEntries={auction.minPreviousEntries} />
      ) : (
        // An ended auction has nothing left to enrol in: no "Enrolled" bar under its outcome.
        (isOpen || (isEnrolled && phase !== "ended" && phase !== "hidden")) &&
        !refusal && <EnrolButton auction={auction} isOpen={isOpen} isLarge />
      )}
      {phase !== "ended" && phase !== "hidden" && (
        <p className="text-xs text-muted landscape-phone:hidden">
          {t("auction.allInCost", { total: euro(auction.entryFeeCents + auction.priceCents) })}
        </p>
      )}
    </section>
  );
}

function RecentBids({ auction }: { auction: AuctionDetail }) {
  const { t } = useTexts();
  const nameOf = useBidderName();
  const euro = useEuro();
  const timeOfDay = useTimeOfDay();
  return (
    <section aria-labelledby="recent-bids" className="order-4 rounded-2xl border border-line bg-surface p-5 shadow-sm lg:order-none">
      <h2 id="recent-bids" className="mb-3 text-lg font-semibold">
        {t("auction.recentBids")}
      </h2>
      {auction.recentBids.length === 0 ? (
        <p className="text-sm text-muted">{t("auction.noBidsYet")}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line text-sm">
          {auction.recentBids.map((bid) => (
            <li key={bid.priceCents} className="grid grid-cols-[minmax(0,1fr)_5rem_6rem] items-center gap-3 py-2">
              <span className="truncate font-medium">
                {nameOf(bid.displayName)}
                <BidderBadge label={bid.label} />
                {bid.isAuto && (
                  <span className="ml-1.5 rounded bg-black/5 px-1.5 py-0.5 text-[10px] font-semibold text-slate-600 uppercase dark:bg-white/10 dark:text-slate-300">
                    {t("auction.auto")}
                  </span>
                )}
              </span>
              <span className="text-right font-display font-semibold tabular-nums">{euro(bid.priceCents)}</span>
              <time dateTime={bid.placedAt} className="text-right text-muted tabular-nums">
                {timeOfDay(bid.placedAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A figure of the panel; a name (up to 25 characters) is set smaller and wraps rather than being cut. */
function Stat({
  label,
  value,
  isUrgent = false,
  isPrice = false,
  isName = false,
}: {
  label: string;
  value: string;
  isUrgent?: boolean;
  isPrice?: boolean;
  isName?: boolean;
}) {
  return (
    <div className="min-w-0">
      <p className="text-sm text-muted">{label}</p>
      <p
        className={`font-display font-bold ${isName ? "text-xl leading-tight [overflow-wrap:anywhere] sm:text-2xl" : "truncate text-2xl tabular-nums sm:text-3xl"} ${
          isUrgent ? "text-red-600 dark:text-red-400" : isPrice ? "text-primary-600 dark:text-primary-400" : ""
        }`}
      >
        {value}
      </p>
    </div>
  );
}

/** Verifying the chain of an ended auction; its final hash is in the fairness figures above (FairnessSection). */
function BidChain({ auctionId }: { auctionId: number }) {
  const { t } = useTexts();
  const [isShown, setIsShown] = useState(false);
  const { data: chain } = useQuery({ ...bidChainQueryOptions(auctionId), enabled: isShown });
  return (
    <section aria-labelledby="bid-chain" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="bid-chain" className="mb-2 text-lg font-semibold">
        {t("auction.chain")}
      </h2>
      <p className="text-sm text-muted">{t("auction.chainExplained")}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => setIsShown(true)}
          className="rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-primary-400"
        >
          {t("auction.verify")}
        </button>
        <a href={`/api/auctions/${auctionId}/chain`} className="text-sm text-accent hover:underline">
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

/** Whether the bid panel has a rule of this auction's own to show: fees back, its seats (while open), manual bids only. */
function hasRuleChips(auction: AuctionDetail, isOpen: boolean): boolean {
  return (auction.feeBackPercent > 0 && auction.entryFeeCents > 0) || (isOpen && auction.seats?.max != null) || auction.manualOnly;
}
