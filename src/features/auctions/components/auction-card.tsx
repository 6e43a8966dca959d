// A live auction card: image, title, and what its phase shows (SPEC.md §2): Waiting counts down to the start,
// Running shows time left and the current price, Ended the sold price and winner; plus the all-in cost,
// enrol and like buttons. The phase is the card's own lifecycle actor's (the one the dev panel lists).
import { memo } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import type { AuctionCardState } from "../../../../contract";
import { BidNowLink, EnrolButton, LikeButton } from "./auction-buttons";
import { BuyNowCardOffer } from "../../buy-now";
import { AuctionImage, type ImageLoading } from "../../../components/ui/auction-image";
import { useDuration, useEuro } from "../../../lib/format";
import { useAuctionPhase } from "../live/use-auction-lifecycle";
import { useOffScreen } from "../../../hooks/use-off-screen";
import type { AuctionPhase } from "../../../../contract/auction-countdown";
import { useMsUntil } from "../live/use-countdown";
import { EnrolmentClosesNote } from "../enrolment-rules";
import { SeatsNote } from "../seats";
import { ManualOnlyBadge } from "./manual-only-badge";
import { useBidderName } from "../../personal-data";
import { TrueCostLine } from "./true-cost";
import { FeeBackNote } from "./fee-back-note";
import { endedOutcome, unsoldTextKey } from "../ended-outcome";

type CardProps = { auction: AuctionCardState; imageLoading?: ImageLoading };

export const AuctionCard = memo(function AuctionCard({ auction, imageLoading = "lazy" }: CardProps) {
  // The card's lifecycle actor takes every new state, also while the card rests off screen: the dev panel lists it.
  const phase = useAuctionPhase(auction);
  const { isSkipped } = useOffScreen();
  return <StableCardBody auction={auction} imageLoading={imageLoading} phase={phase} isResting={isSkipped} />;
});

type CardBodyProps = Required<CardProps> & { phase: AuctionPhase | null; isResting: boolean };

/**
 * What the card shows. It re-renders on a new state or phase, not while the card rests in a cell the browser skips
 * drawing (decision 052): there it keeps what it last showed, and shows the newest once the cell comes near. Only
 * the countdowns tick (see Countdown below).
 */
const StableCardBody = memo(
  CardBody,
  (before, after) =>
    after.isResting ||
    (before.isResting === after.isResting &&
      before.auction === after.auction &&
      before.imageLoading === after.imageLoading &&
      before.phase === after.phase),
);

function CardBody({ auction, imageLoading, phase }: CardBodyProps) {
  const { t } = useTexts();
  const nameOf = useBidderName();
  const euro = useEuro();
  const duration = useDuration();
  const isOpen = phase === "waiting" || phase === "starting" || phase === "running";
  const outcome = phase === "ended" ? endedOutcome(auction) : null;

  return (
    <article
      aria-labelledby={`auction-${auction.id}-title`}
      data-auction-id={auction.id}
      data-phase={phase ?? undefined}
      aria-busy={phase === null || undefined}
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow hover:shadow-md"
    >
      <ImageLink auctionId={auction.id} image={auction.image} imageLoading={imageLoading} />
      <div data-tour="auction-like" className="absolute top-3 right-3">
        <StableLikeButton auctionId={auction.id} />
      </div>
      {phase === "ended" && (
        <span className="absolute top-3 left-3 rounded-full bg-slate-900/80 px-3 py-1 text-xs font-semibold text-white">
          {t("auction.endedBadge")}
        </span>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 id={`auction-${auction.id}-title`} className="line-clamp-2 font-display text-lg leading-snug font-semibold">
          <TitleLink auctionId={auction.id} title={auction.title} />
        </h3>

        {phase === null ? (
          <PhasePending />
        ) : phase === "waiting" || phase === "starting" ? (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-muted">{t("auction.startingSoon")}</dt>
              <Countdown
                to={auction.startsAt}
                rounding="down"
                label={phase === "starting" ? t("auction.starting") : null}
                format={duration}
                tour="auction-starts-in"
              />
            </div>
            <div>
              <dt className="text-muted">{t("auction.entryFee")}</dt>
              <dd className="font-display text-xl font-bold">{euro(auction.entryFeeCents)}</dd>
            </div>
          </dl>
        ) : outcome && outcome !== "sold" ? (
          <p className="font-display text-lg font-bold">{t(unsoldTextKey[outcome])}</p>
        ) : phase === "ended" ? (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-muted">{t("auction.soldPrice")}</dt>
              <dd className="font-display text-xl font-bold">{euro(auction.priceCents)}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-muted">{t("auction.winner")}</dt>
              <dd className="truncate font-display text-xl font-bold">
                {auction.winnerName === null ? t("auction.noWinner") : nameOf(auction.winnerName)}
              </dd>
            </div>
          </dl>
        ) : (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-muted">{t("auction.timeLeft")}</dt>
              <Countdown
                to={auction.endsAt}
                label={phase === "closing" ? t("auction.closing") : null}
                format={duration}
                canBeUrgent={phase === "running"}
                tour="auction-time-left"
              />
            </div>
            <div className="min-w-0">
              <dt className="text-muted">{t("auction.currentPrice")}</dt>
              <dd className="font-display text-xl font-bold text-primary-600 tabular-nums dark:text-primary-400" data-tour="auction-price">
                {euro(auction.priceCents)}
              </dd>
              <dd className="truncate text-xs text-muted">
                {auction.leaderName === null ? t("auction.noBidsYet") : nameOf(auction.leaderName)}
              </dd>
            </div>
          </dl>
        )}

        {isOpen && <EnrolmentClosesNote auction={auction} className="self-start" />}
        {phase !== null && phase !== "ended" && <FeeBackNote auction={auction} className="self-start" />}
        {isOpen && <SeatsNote seats={auction.seats} className="self-start" />}
        {phase !== null && phase !== "ended" && <ManualOnlyBadge auction={auction} />}

        {phase === "ended" && auction.trueCost ? (
          <TrueCostLine trueCost={auction.trueCost} isSold={outcome === "sold"} />
        ) : (
          <p className="text-xs text-muted">
            {t("auction.allInCost", { total: euro(auction.entryFeeCents + auction.priceCents) })} ·{" "}
            {t("auction.retailValue", { value: euro(auction.retailValueCents) })}
          </p>
        )}

        {phase === "ended" && <BuyNowCardOffer auctionId={auction.id} />}

        <div className={`mt-auto flex flex-wrap items-center gap-2 ${phase === null ? "min-h-10" : ""}`} data-tour="auction-enrol">
          {/* An ended auction has nothing to enrol in: its outcome says it all (no "Enrolled" pill). */}
          {phase !== "ended" && <StableEnrolButton auction={auction} isOpen={isOpen} />}
          {phase === "running" && <BidNowLink auctionId={auction.id} />}
        </div>
      </div>
    </article>
  );
}

// The card's two links to the auction's page, apart: a bid re-renders the card, not them (a router link runs a dozen
// hooks of React Router's).
const ImageLink = memo(function ImageLink({
  auctionId,
  image,
  imageLoading,
}: {
  auctionId: number;
  image: string | null;
  imageLoading: ImageLoading;
}) {
  return (
    <Link to={`/auctions/${auctionId}`} tabIndex={-1} aria-hidden="true" className="block">
      <AuctionImage src={image} shownAs="card" loading={imageLoading} className="aspect-[16/10] w-full sm:aspect-[4/3]" />
    </Link>
  );
});

const TitleLink = memo(function TitleLink({ auctionId, title }: { auctionId: number; title: string }) {
  return (
    <Link to={`/auctions/${auctionId}`} className="hover:text-accent focus-visible:outline-none">
      {title}
    </Link>
  );
});

/** Until the lifecycle's chunk is in (a first visit's first paint): the room a running card's figures take. */
function PhasePending() {
  return (
    <div aria-hidden="true" className="grid h-16 grid-cols-2 gap-2">
      <div className="h-12 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />
      <div className="h-12 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />
    </div>
  );
}

// The buttons depend on enrolment and phase, not on each bid: a new price re-renders the card, not them.
const StableLikeButton = memo(LikeButton);
const StableEnrolButton = memo(
  EnrolButton,
  (before, after) =>
    before.isOpen === after.isOpen &&
    before.auction.id === after.auction.id &&
    before.auction.entryFeeCents === after.auction.entryFeeCents &&
    before.auction.minPreviousEntries === after.auction.minPreviousEntries &&
    // A bid may reach the price that closes enrolment.
    before.auction.enrolmentClosesAt === after.auction.enrolmentClosesAt &&
    (before.auction.enrolmentClosesAtPriceCents === null || before.auction.priceCents === after.auction.priceCents),
);

type CountdownProps = {
  to: string | null;
  rounding?: "up" | "down";
  label: string | null;
  format: (ms: number) => string;
  canBeUrgent?: boolean;
  tour: string;
};

/**
 * A ticking countdown on its own: each second re-renders this one element, not the card around it (the card hands
 * down its duration format, so a tick runs no translation hook).
 */
function Countdown({ to, rounding = "up", label, format, canBeUrgent = false, tour }: CountdownProps) {
  const msLeft = useMsUntil(to, rounding);
  const isUrgent = canBeUrgent && msLeft <= 10_000;
  return (
    <dd
      className={`font-display text-xl font-bold tabular-nums ${isUrgent ? "text-red-600 dark:text-red-400" : ""}`}
      aria-live="off"
      data-tour={tour}
    >
      {label ?? format(msLeft)}
    </dd>
  );
}
