// The card's and the detail page's small controls: favourite (like) and enrol. What only a signed-in bidder can do
// (the lists, the commands) lives in BidderControls.tsx, a chunk loaded once a signed-in bidder's page shows one: a
// visitor's page of cards holds no query or command of theirs and never downloads them, and learning who the user is
// re-renders these controls, not the cards around them.
import { Suspense, lazy, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import type { AuctionCardState } from "../../../../contract";
import { signInPathFor, useUser } from "../../auth";
import { useIsEnrolmentLocked } from "../enrolment-rules";

const bidderControls = () => import("./BidderControls");
const FavouriteToggle = lazy(() => bidderControls().then((chunk) => ({ default: chunk.FavouriteToggle })));
const BidderEnrolButton = lazy(() => bidderControls().then((chunk) => ({ default: chunk.BidderEnrolButton })));
const BidderBidNowLink = lazy(() => bidderControls().then((chunk) => ({ default: chunk.BidNowLink })));

/** `children` for a signed-in bidder, `otherwise` for anyone else (a visitor, or while the user is loading). */
export function ForBidders({ children, otherwise = null }: { children: ReactNode; otherwise?: ReactNode }) {
  const { data: user } = useUser();
  // Until a bidder's controls are in, what was there stays: the same as while the user was still unknown.
  return user?.isAuthenticated ? <Suspense fallback={otherwise}>{children}</Suspense> : otherwise;
}

export type LikeButtonProps = { auctionId: number; className?: string };

export function LikeButton(props: LikeButtonProps) {
  return (
    <ForBidders>
      <FavouriteToggle {...props} />
    </ForBidders>
  );
}

export type EnrolButtonProps = {
  auction: AuctionCardState;
  isOpen: boolean;
  /** The detail page's bid panel: full width and as tall as the slider it stands in for. */
  isLarge?: boolean;
};

export const sizeOf = (isLarge: boolean) => (isLarge ? "h-14 w-full justify-center px-6 text-lg" : "h-10 px-4 text-sm");

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

/** To the auction's page, for a bidder enrolled in it (the card does not follow their lists: this does). */
export function BidNowLink({ auctionId }: { auctionId: number }) {
  return (
    <ForBidders>
      <BidderBidNowLink auctionId={auctionId} />
    </ForBidders>
  );
}
