// The card's and the detail page's small controls: favourite (like) and enrol. What only a signed-in bidder can do
// (the lists, the commands) lives in components of its own that mount only for one: a visitor's page of cards holds
// no query or command of theirs, and learning who the user is re-renders these controls, not the cards around them.
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import type { AuctionCardState } from "../../../../contract";
import { CheckGlyph, HeartGlyph } from "../../../components/ui/icons";
import { signInPathFor, useUser } from "../../auth";
import { useEnrol, useMyAuctions, useToggleFavourite } from "../api/my-auctions";
import { useEuro } from "../../../lib/format";
import { buttonClassName } from "../../../components/ui/Button";
import { useIsEnrolmentLocked } from "../enrolment-rules";

/** `children` for a signed-in bidder, `otherwise` for anyone else (a visitor, or while the user is loading). */
export function ForBidders({ children, otherwise = null }: { children: ReactNode; otherwise?: ReactNode }) {
  const { data: user } = useUser();
  return user?.isAuthenticated ? children : otherwise;
}

type LikeButtonProps = { auctionId: number; className?: string };

export function LikeButton(props: LikeButtonProps) {
  return (
    <ForBidders>
      <FavouriteToggle {...props} />
    </ForBidders>
  );
}

function FavouriteToggle({ auctionId, className = "" }: LikeButtonProps) {
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

export function useIsEnrolled(auctionId: number): boolean {
  const { data: mine } = useMyAuctions();
  return mine?.enrolledIds.includes(auctionId) ?? false;
}

type EnrolButtonProps = {
  auction: AuctionCardState;
  isOpen: boolean;
  /** The detail page's bid panel: full width and as tall as the slider it stands in for. */
  isLarge?: boolean;
};

const sizeOf = (isLarge: boolean) => (isLarge ? "h-14 w-full justify-center px-6 text-lg" : "h-10 px-4 text-sm");

/** Enrol (for the entry fee), "Enrolled", or a sign-in link for visitors; nothing once enrolment is closed or locked. */
export function EnrolButton(props: EnrolButtonProps) {
  return (
    <ForBidders otherwise={<SignInToBid {...props} />}>
      <BidderEnrolButton {...props} />
    </ForBidders>
  );
}

function SignInToBid({ auction, isOpen, isLarge = false }: EnrolButtonProps) {
  const { t } = useTexts();
  const location = useLocation();
  const isLocked = useIsEnrolmentLocked(auction);
  if (!isOpen || isLocked) return null;
  return (
    <Link
      to={signInPathFor(location.pathname)}
      className={`inline-flex items-center rounded-full border border-primary-500 font-semibold whitespace-nowrap text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-primary-900/30 ${sizeOf(isLarge)}`}
    >
      {t("auction.signInToBid")}
    </Link>
  );
}

function BidderEnrolButton({ auction, isOpen, isLarge = false }: EnrolButtonProps) {
  const { t } = useTexts();
  const euro = useEuro();
  const isEnrolled = useIsEnrolled(auction.id);
  const enrol = useEnrol(auction);
  const isLocked = useIsEnrolmentLocked(auction);

  if (isEnrolled) {
    return (
      <span className={`inline-flex items-center gap-1.5 rounded-full bg-emerald-500/10 font-semibold text-emerald-700 dark:text-emerald-300 ${sizeOf(isLarge)}`}>
        <CheckGlyph className="size-4" />
        {t("auction.youAreEnrolled")}
      </span>
    );
  }
  if (!isOpen || isLocked) return null;
  return (
    <button
      type="button"
      onClick={() => enrol.mutate(auction.id)}
      disabled={enrol.isPending}
      aria-busy={enrol.isPending || undefined}
      className={buttonClassName({ size: isLarge ? "xl" : "sm", className: isLarge ? "w-full" : "" })}
    >
      {auction.entryFeeCents > 0 ? t("auction.enrolFor", { fee: euro(auction.entryFeeCents) }) : t("auction.enrolFree")}
    </button>
  );
}
