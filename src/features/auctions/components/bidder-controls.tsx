// What only a signed-in bidder's page holds beside a card or on an auction's page: their favourite toggle, their
// enrolment (and its command) and the way to the bid panel. A chunk of its own (auction-buttons.tsx loads it), with
// the bidder's lists and commands behind it: a visitor never downloads it.
import { Suspense, useState } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import { CheckGlyph, HeartGlyph } from "../../../components/ui/icons";
import { useEnrol, useMyAuctions, useToggleFavourite } from "../api/my-auctions";
import { useEuro } from "../../../lib/format";
import { buttonClassName } from "../../../components/ui/button";
import { useIsEnrolmentLocked } from "../enrolment-rules";
import { ApiError } from "../../../lib/api-client";
import { DateOfBirthDialog } from "../../personal-data";
import { sizeOf, type EnrolButtonProps, type LikeButtonProps } from "./auction-buttons.props";

export function useIsEnrolled(auctionId: number): boolean {
  const { data: mine } = useMyAuctions();
  return mine?.enrolledIds.includes(auctionId) ?? false;
}

export function FavouriteToggle({ auctionId, className = "" }: LikeButtonProps) {
  const { t } = useTexts();
  const { data: mine } = useMyAuctions();
  const toggle = useToggleFavourite();
  const isFavourite = mine?.favouriteIds.includes(auctionId) ?? false;
  return (
    <button
      type="button"
      aria-pressed={isFavourite}
      aria-label={t(isFavourite ? "auction.unlike" : "auction.like")}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ auctionId, isFavourite: !isFavourite })}
      className={`flex size-10 items-center justify-center rounded-full bg-surface/90 shadow-sm transition-[color,transform] hover:scale-105 ${
        isFavourite ? "text-rose-500" : "text-muted hover:text-rose-500"
      } ${className}`}
    >
      <HeartGlyph className={`size-5 ${isFavourite ? "fill-current" : ""}`} />
    </button>
  );
}

export function BidderEnrolButton({ auction, isOpen, isLarge = false }: EnrolButtonProps) {
  const { t } = useTexts();
  const euro = useEuro();
  const isEnrolled = useIsEnrolled(auction.id);
  const enrol = useEnrol(auction);
  const isLocked = useIsEnrolmentLocked(auction);
  // Refused for want of a date of birth (an account made before sign-up asked): asked once, then enrolled (decision 094).
  const [isAskingBirthDate, setIsAskingBirthDate] = useState(false);
  const enrolAsking = () =>
    enrol.mutate(auction.id, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === "DATE_OF_BIRTH_REQUIRED") setIsAskingBirthDate(true);
      },
    });

  if (isEnrolled) {
    return (
      <span
        className={`inline-flex items-center gap-1.5 rounded-full bg-emerald-500/10 font-semibold text-emerald-700 dark:text-emerald-300 ${sizeOf(isLarge)}`}
      >
        <CheckGlyph className="size-4" />
        {t("auction.youAreEnrolled")}
      </span>
    );
  }
  if (!isOpen || isLocked) return null;
  return (
    <>
      {isAskingBirthDate && (
        <Suspense fallback={null}>
          <DateOfBirthDialog isOpen onOpenChange={setIsAskingBirthDate} onGiven={() => enrol.mutate(auction.id)} />
        </Suspense>
      )}
      <button
        type="button"
        onClick={enrolAsking}
        disabled={enrol.isPending}
        aria-busy={enrol.isPending || undefined}
        className={buttonClassName({ size: isLarge ? "xl" : "sm", className: isLarge ? "w-full" : "" })}
      >
        {auction.entryFeeCents > 0 ? t("auction.enrolFor", { fee: euro(auction.entryFeeCents) }) : t("auction.enrolFree")}
      </button>
    </>
  );
}

export function BidNowLink({ auctionId }: { auctionId: number }) {
  const { t } = useTexts();
  const isEnrolled = useIsEnrolled(auctionId);
  if (!isEnrolled) return null;
  return (
    <Link to={`/auctions/${auctionId}`} className={buttonClassName({ size: "sm" })}>
      {t("auction.bidNow")}
    </Link>
  );
}
