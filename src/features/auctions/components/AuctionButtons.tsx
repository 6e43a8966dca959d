// The card's and the detail page's small controls: favourite (like) and enrol.
import { Link, useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import type { AuctionState } from "../../../../contract";
import { CheckGlyph, HeartGlyph } from "../../../components/ui/icons";
import { signInPathFor, useUser } from "../../auth";
import { useEnrol, useMyAuctions, useToggleFavourite } from "../api/my-auctions";
import { useEuro } from "../../../lib/format";
import { buttonClassName } from "../../../components/ui/Button";
import { useIsEnrolmentLocked } from "../enrolment-rules";

export function LikeButton({ auctionId, className = "" }: { auctionId: number; className?: string }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const { data: mine } = useMyAuctions();
  const toggle = useToggleFavourite();
  if (!user?.isAuthenticated) return null;
  const isFavourite = mine?.favouriteIds.includes(auctionId) ?? false;
  return (
    <button
      type="button"
      aria-pressed={isFavourite}
      aria-label={t(isFavourite ? "auction.unlike" : "auction.like")}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ auctionId, isFavourite: !isFavourite })}
      className={`flex size-10 items-center justify-center rounded-full bg-surface/90 shadow-sm backdrop-blur transition-[color,transform] hover:scale-105 ${
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
  auction: AuctionState;
  isOpen: boolean;
  /** The detail page's bid panel: full width and as tall as the slider it stands in for. */
  isLarge?: boolean;
};

/** Enrol (for the entry fee), "Enrolled", or a sign-in link for visitors; nothing once enrolment is closed or locked. */
export function EnrolButton({ auction, isOpen, isLarge = false }: EnrolButtonProps) {
  const { t } = useTranslation();
  const euro = useEuro();
  const location = useLocation();
  const { data: user } = useUser();
  const isEnrolled = useIsEnrolled(auction.id);
  const enrol = useEnrol(auction);
  const isLocked = useIsEnrolmentLocked(auction);
  const size = isLarge ? "h-14 w-full justify-center px-6 text-lg" : "h-10 px-4 text-sm";

  if (isEnrolled) {
    return (
      <span className={`inline-flex items-center gap-1.5 rounded-full bg-emerald-500/10 font-semibold text-emerald-700 dark:text-emerald-300 ${size}`}>
        <CheckGlyph className="size-4" />
        {t("auction.youAreEnrolled")}
      </span>
    );
  }
  if (!isOpen || isLocked) return null;
  if (!user?.isAuthenticated) {
    return (
      <Link
        to={signInPathFor(location.pathname)}
        className={`inline-flex items-center rounded-full border border-primary-500 font-semibold whitespace-nowrap text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-primary-900/30 ${size}`}
      >
        {t("auction.signInToBid")}
      </Link>
    );
  }
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
