// The card's and the detail page's small controls: favourite (like) and enrol. What only a signed-in bidder can do
// (the lists, the commands) lives in bidder-controls.tsx, a chunk loaded once a signed-in bidder's page shows one: a
// visitor's page of cards holds no query or command of theirs and never downloads them, and learning who the user is
// re-renders these controls, not the cards around them.
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { useTexts } from "../../../hooks/use-texts";
import { signInPathFor, useUser } from "../../auth";
import { createStore, useStore } from "../../../lib/create-store";
import { useIsEnrolmentLocked } from "../enrolment-rules";
import { sizeOf, type EnrolButtonProps, type LikeButtonProps } from "./auction-buttons.props";
import type * as BidderControlsChunk from "./bidder-controls";

type BidderControls = typeof BidderControlsChunk;
/** The chunk once it is in: every control of the page reads it, and its arrival renders them. */
const loadedControls = createStore<BidderControls | undefined>(undefined);
const loadControls = () =>
  import("./bidder-controls").then(
    (chunk) => loadedControls.set(chunk),
    // Offline, say: the page keeps what a visitor sees until a later render asks again.
    () => undefined,
  );

/**
 * A signed-in bidder's controls once their chunk is in; undefined for anyone else, and until then (it is asked for
 * the first time a signed-in bidder's page needs it). Not `React.lazy`: nothing suspends, so the user becoming known
 * while the page still hydrates is an ordinary update, and the chunk's arrival another.
 */
function useBidderControls(): BidderControls | undefined {
  const { data: user } = useUser();
  const isBidder = user?.isAuthenticated === true;
  const controls = useStore(loadedControls);
  useEffect(() => {
    if (isBidder && !controls) void loadControls();
  }, [isBidder, controls]);
  return isBidder ? controls : undefined;
}

export function LikeButton(props: LikeButtonProps) {
  const controls = useBidderControls();
  return controls ? <controls.FavouriteToggle {...props} /> : null;
}

/** Enrol (for the entry fee), "Enrolled", or a sign-in link for visitors; nothing once enrolment is closed or locked. */
export function EnrolButton(props: EnrolButtonProps) {
  const controls = useBidderControls();
  return controls ? <controls.BidderEnrolButton {...props} /> : <SignInToBid {...props} />;
}

/** A visitor signs in and comes back to this auction's page, where the enrolment and the bid are (issue 52). */
function SignInToBid({ auction, isOpen, isLarge = false }: EnrolButtonProps) {
  const { t } = useTexts();
  const isLocked = useIsEnrolmentLocked(auction);
  if (!isOpen || isLocked) return null;
  return (
    <Link
      to={signInPathFor(`/auctions/${auction.id}`)}
      className={`inline-flex items-center rounded-full border border-primary-500 font-semibold whitespace-nowrap text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-primary-900/30 ${sizeOf(isLarge)}`}
    >
      {t("auction.signInToBid")}
    </Link>
  );
}

/** To the auction's page, for a bidder enrolled in it (the card does not follow their lists: this does). */
export function BidNowLink({ auctionId }: { auctionId: number }) {
  const controls = useBidderControls();
  return controls ? <controls.BidNowLink auctionId={auctionId} /> : null;
}
