// Slide to bid: drag the thumb to the end (touch or mouse), or focus it and press Enter, Space, End or the right
// arrow. The running-auction machine decides what a completed slide does; the server decides the bid.
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { runningAuctionMachine } from "../../../../machines/running-auction.machine";
import { useDevRegistration } from "../../../lib/dev-machines";
import { placeBid } from "../api/my-auctions";

const COMPLETE_AT = 0.9;
const THUMB_PX = 56;

type SlideToBidProps = { auctionId: number; isEnrolled: boolean; isWinning: boolean; isRunning: boolean; minPreviousEntries: number };

export function SlideToBid({ auctionId, isEnrolled, isWinning, isRunning, minPreviousEntries }: SlideToBidProps) {
  const { t } = useTranslation();
  const actor = useActorRef(
    runningAuctionMachine.provide({ actors: { placeBid: fromPromise(({ input }) => placeBid(input.auctionId)) } }),
    { input: { auctionId, isEnrolled, isWinning, isRunning } },
  );
  useDevRegistration("running-auction", actor);
  useEffect(() => {
    actor.send({ type: "auction.synced", isEnrolled, isWinning, isRunning });
  }, [actor, isEnrolled, isWinning, isRunning]);

  const state = useSelector(actor, (snapshot) => snapshot.value as string);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);
  const isBusy = state === "submitting";

  const trackRef = useRef<HTMLDivElement>(null);
  const [progress, setProgress] = useState(0);
  const [dragStartX, setDragStartX] = useState<number | null>(null);
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
    if (dragStartX === null) return;
    setProgress(Math.min(1, Math.max(0, (event.clientX - dragStartX) / travel)));
  };
  const onPointerUp = () => {
    if (dragStartX === null) return;
    setDragStartX(null);
    actor.send({ type: progress >= COMPLETE_AT ? "slide.complete" : "slide.cancel" });
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
      if (next >= COMPLETE_AT) complete();
      else setProgress(next);
    } else if (event.key === "ArrowLeft" || event.key === "Home" || event.key === "Escape") {
      setProgress(0);
    }
  };

  const notice =
    state === "accepted"
      ? { tone: "success", text: t("auction.bidAccepted") }
      : state === "alreadyWinning"
        ? { tone: "info", text: t("errors.ALREADY_WINNING") }
        : state === "needsEnrolment"
          ? { tone: "info", text: t("auction.enrolFirst") }
          : state === "refused" && refusal
            ? { tone: "error", text: t(`errors.${refusal.code}`, { minPreviousEntries, defaultValue: t("errors.BID_FAILED") }) }
            : null;

  return (
    <div className="flex flex-col gap-2">
      <div
        ref={trackRef}
        className="relative h-16 overflow-hidden rounded-full bg-gradient-to-r from-primary-500 to-primary-600 shadow-inner select-none"
      >
        <div className="absolute inset-y-0 left-0 rounded-full bg-white/20" style={{ width: `calc(${progress * 100}% + 64px)` }} />
        <span className="pointer-events-none absolute inset-0 flex items-center justify-center pl-12 font-display text-lg font-bold tracking-wide text-white">
          {isBusy ? t("common.loading") : t("auction.bid")}
        </span>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t("auction.bid")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          aria-valuetext={isBusy ? t("common.loading") : t("auction.slideHint")}
          aria-disabled={isBusy || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          style={{ transform: `translateX(${progress * travel}px)` }}
          className={`absolute top-1 left-1 flex size-14 cursor-grab touch-none items-center justify-center rounded-full bg-white text-2xl text-primary-600 shadow-lg active:cursor-grabbing focus-visible:outline-4 focus-visible:outline-white/70 ${dragStartX === null ? "transition-transform" : ""}`}
        >
          <span aria-hidden="true">›</span>
        </div>
      </div>
      <p role="status" aria-live="polite" className={`min-h-5 text-center text-sm font-medium ${
        notice?.tone === "error" ? "text-red-600 dark:text-red-400" : notice?.tone === "success" ? "text-emerald-600 dark:text-emerald-400" : "text-muted"
      }`}>
        {notice?.text ?? t("auction.slideHint")}
      </p>
    </div>
  );
}
