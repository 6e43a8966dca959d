// Slide to bid: drag the thumb to the end (touch or mouse), or focus it and press Enter, Space, End or the right
// arrow. The running-auction machine (read through its context, running-auction-context.tsx) decides what a completed
// slide does and where the bidder stands (leading: the slide is off; outbid: it turns red); the server decides the
// bid, to the last moment. 'Sending…', then its answer, shows under the control in a live region: still there when
// the auction has ended meanwhile and the control is gone.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { RunningAuction, useBidderStanding, useIsSlidable, useRunningAuctionTag } from "../live/running-auction-context";
import { useGesture } from "../../../lib/foreground";

const COMPLETE_AT = 0.9;
const THUMB_PX = 56;

type SlideToBidProps = { minPreviousEntries: number };

/**
 * Refusals a bid words its own way: a pause's end is not in the bid's answer (the profile and the wallet show it), and
 * a bid the server could not take for an outage was not placed, which the bidder must know.
 */
const bidRefusalTexts: Partial<Record<string, string>> = {
  SELF_PAUSED: "limits.pause.bidRefused",
  SERVICE_UNAVAILABLE: "auction.bidUnavailable",
  // Offline, or the request never reached the server: nothing was queued, and SPEC.md §8's bid failure says so.
  NETWORK: "errors.BID_FAILED",
};

export function SlideToBid({ minPreviousEntries }: SlideToBidProps) {
  const isSlidable = useIsSlidable();
  return (
    <div className="flex flex-col gap-1.5">
      {isSlidable && <SlideTrack />}
      <BidStatus minPreviousEntries={minPreviousEntries} />
    </div>
  );
}

/** The track and its thumb. */
function SlideTrack() {
  const { t } = useTexts();
  const actor = RunningAuction.useActorRef();
  const isBusy = useRunningAuctionTag("busy");
  const standing = useBidderStanding();
  const isLeading = useRunningAuctionTag("leading");
  const isOutbid = useRunningAuctionTag("outbid");
  const isOff = isBusy || isLeading;

  const trackRef = useRef<HTMLDivElement>(null);
  const [progress, setProgress] = useState(0);
  const [dragStartX, setDragStartX] = useState<number | null>(null);
  // A reality check that falls due mid-slide waits until the thumb is let go (decision 095).
  useGesture("SlideToBid", dragStartX !== null);
  // How far the thumb can travel: the track's width less the thumb's, kept current as the layout changes.
  const [travel, setTravel] = useState(0);
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new ResizeObserver(() => setTravel(Math.max(1, track.clientWidth - THUMB_PX - 8)));
    observer.observe(track);
    return () => observer.disconnect();
  }, []);

  const complete = () => {
    actor.send({ type: "slide.start" });
    actor.send({ type: "slide.complete" });
    setProgress(0);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (isBusy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragStartX(event.clientX);
    actor.send({ type: "slide.start" });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    // The leader's thumb stays put: a touch only asks, and is told 'You are already winning'.
    if (dragStartX === null || isLeading) return;
    setProgress(Math.min(1, Math.max(0, (event.clientX - dragStartX) / travel)));
  };
  const onPointerUp = () => {
    if (dragStartX === null) return;
    setDragStartX(null);
    actor.send({ type: isLeading || progress >= COMPLETE_AT ? "slide.complete" : "slide.cancel" });
    setProgress(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isBusy) return;
    if (["Enter", " ", "End"].includes(event.key)) {
      event.preventDefault();
      complete();
    } else if (event.key === "ArrowRight" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = Math.min(1, progress + 0.34);
      if (isLeading || next >= COMPLETE_AT) complete();
      else setProgress(next);
    } else if (event.key === "ArrowLeft" || event.key === "Home" || event.key === "Escape") {
      setProgress(0);
    }
  };

  const track = isLeading ? "from-emerald-700 to-emerald-800" : isOutbid ? "from-red-700 to-red-800" : "from-primary-700 to-primary-800";

  return (
    <div
      ref={trackRef}
      data-standing={standing}
      className={`relative h-16 overflow-hidden rounded-full bg-gradient-to-r shadow-inner transition-colors select-none ${track}`}
    >
      <div className="absolute inset-y-0 left-0 rounded-full bg-white/20" style={{ width: `calc(${progress * 100}% + 64px)` }} />
      {/* While the bid is on its way the label stays and dims: the status line under the track says 'Sending…'. */}
      <span
        className={`pointer-events-none absolute inset-0 flex items-center justify-center pl-14 font-display text-xl font-bold tracking-wide text-white transition-opacity ${isBusy ? "opacity-60" : ""}`}
      >
        {isLeading ? t("auction.youAreLeading") : t("auction.bid")}
      </span>
      <div
        role="slider"
        tabIndex={0}
        aria-label={t("auction.bid")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
        aria-valuetext={isBusy ? t("auction.sending") : isLeading ? t("auction.youAreLeading") : t("auction.slideHint")}
        aria-disabled={isOff || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        style={{ transform: `translateX(${progress * travel}px)` }}
        className={`absolute top-1 left-1 flex size-14 touch-none items-center justify-center rounded-full bg-white text-2xl shadow-lg focus-visible:outline-4 focus-visible:outline-white/70 ${
          isLeading
            ? "cursor-not-allowed text-emerald-700"
            : isBusy
              ? "cursor-wait text-primary-700"
              : "cursor-grab text-primary-700 active:cursor-grabbing"
        } ${dragStartX === null ? "transition-transform" : ""}`}
      >
        {isBusy ? (
          <span
            aria-hidden="true"
            className="size-6 rounded-full border-[3px] border-primary-200 border-t-primary-700 motion-safe:animate-spin"
          />
        ) : (
          <span aria-hidden="true">{isLeading ? "✓" : "›"}</span>
        )}
      </div>
    </div>
  );
}

type BidNews = "sending" | "accepted" | "alreadyWinning" | "needsEnrolment" | "refused" | "outbid" | "leading" | null;

/**
 * The status line: the bid on its way, the last bid's result, or where the bidder stands, as the machine says. It
 * stays in the same place, the same live region, when the auction ends under a bid on its way and the track goes.
 */
function BidStatus({ minPreviousEntries }: { minPreviousEntries: number }) {
  const { t } = useTexts();
  const isSlidable = useIsSlidable();
  const refusal = RunningAuction.useSelector((snapshot) => snapshot.context.refusal);
  const news = RunningAuction.useSelector((snapshot): BidNews => {
    if (snapshot.hasTag("busy")) return "sending";
    if (snapshot.matches({ bid: "accepted" })) return "accepted";
    if (snapshot.matches({ bid: "alreadyWinning" })) return "alreadyWinning";
    if (snapshot.matches({ bid: "needsEnrolment" })) return "needsEnrolment";
    if (snapshot.matches({ bid: "refused" })) return "refused";
    if (snapshot.hasTag("outbid")) return "outbid";
    if (snapshot.hasTag("leading")) return "leading";
    return null;
  });

  const notice =
    news === "sending"
      ? { tone: "info", text: t("auction.sending") }
      : news === "accepted"
        ? { tone: "success", text: t("auction.bidAccepted") }
        : news === "alreadyWinning"
          ? { tone: "info", text: t("errors.ALREADY_WINNING") }
          : news === "needsEnrolment"
            ? { tone: "info", text: t("auction.enrolFirst") }
            : news === "refused" && refusal
              ? {
                  tone: "error",
                  text: t(bidRefusalTexts[refusal.code] ?? `errors.${refusal.code}`, {
                    minPreviousEntries,
                    defaultValue: t("errors.BID_FAILED"),
                  }),
                }
              : news === "outbid"
                ? { tone: "error", text: t("auction.outbid") }
                : news === "leading"
                  ? { tone: "success", text: t("auction.leadingHint") }
                  : null;

  return (
    <p
      role="status"
      aria-live="polite"
      className={`min-h-5 text-center text-sm font-semibold ${
        notice?.tone === "error"
          ? "text-red-700 dark:text-red-300"
          : notice?.tone === "success"
            ? "text-emerald-700 dark:text-emerald-300"
            : "text-muted"
      }`}
    >
      {notice?.text ?? (isSlidable ? t("auction.slideHint") : "")}
    </p>
  );
}
