// The fair-play rules of enrolment as bidders see them (decision 031): when enrolment closes ("Enrolment closes at …",
// then "Closed to new bidders"), who an auction is for, and why the server would refuse this bidder, in their words.
// The server decides every rule; these only show what it said or will say. The lock is the contract's rule
// (contract/enrolment-lock.ts), the one the server judges enrolment by.
import { useTexts } from "../../hooks/use-texts";
import type { AuctionCardState } from "../../../contract";
import { isEnrolmentLocked } from "../../../contract/enrolment-lock";
import { useServerNowSelect } from "../../hooks/use-server-now";
import { useDateTime, useEuro } from "../../lib/format";
import { useRefusalValues } from "../../lib/refusal-values";
import { isSoldOut } from "./seats";

type LockRules = Pick<AuctionCardState, "enrolmentClosesAt" | "enrolmentClosesAtPriceCents" | "priceCents" | "seats">;

/**
 * Closed to new bidders, on the server's clock (the contract's rule), or every seat taken (decision 102): re-renders
 * only when the answer changes.
 */
export function useIsEnrolmentLocked(auction: LockRules): boolean {
  const lock = {
    closesAtMs: auction.enrolmentClosesAt === null ? null : Date.parse(auction.enrolmentClosesAt),
    closesAtPriceCents: auction.enrolmentClosesAtPriceCents,
    priceCents: auction.priceCents,
  };
  const isLocked = useServerNowSelect((nowMs) => isEnrolmentLocked(lock, nowMs));
  return isLocked || isSoldOut(auction.seats);
}

/** A refusal of enrolment (or any error code) in the bidder's language, with the figures the server gave. */
export function useRefusalText(): (code: string, values?: Record<string, number>) => string {
  const { t } = useTexts();
  const dateTime = useDateTime();
  const refusalValues = useRefusalValues();
  return (code, values = {}) => {
    if (code === "MAX_PREVIOUS_WINS" && values.maxPreviousWins === 0) return t("auction.rules.neverWonRefusal");
    // A spend limit's or a pause's figures (decision 033) read as money and dates.
    const message = t(`errors.${code}`, { ...refusalValues(values), defaultValue: t("errors.INTERNAL") });
    if (code !== "WIN_LIMIT" && code !== "PRODUCT_WIN_LIMIT") return message;
    const again =
      values.resetsAt === undefined
        ? t("auction.rules.limitResetsWhenEnded")
        : t("auction.rules.limitResetsAt", { time: dateTime(new Date(values.resetsAt).toISOString()) });
    return `${message} ${again}`;
  };
}

type NoteProps = { auction: AuctionCardState; className?: string };

/**
 * "Enrolment closes at …" (a time, a price or both), then "Closed to new bidders"; nothing without such a rule. Most
 * auctions have none: their cards decide that here, without the note's hooks (texts, formats, the ticker), which a
 * card's every update would otherwise run (a profile of 500 live cards put them at about 5 % of the page's work).
 */
export function EnrolmentClosesNote({ auction, className }: NoteProps) {
  if (auction.enrolmentClosesAt === null && auction.enrolmentClosesAtPriceCents === null) return null;
  return <EnrolmentClosesText auction={auction} className={className} />;
}

function EnrolmentClosesText({ auction, className = "" }: NoteProps) {
  const { t } = useTexts();
  const euro = useEuro();
  const dateTime = useDateTime();
  const isLocked = useIsEnrolmentLocked(auction);
  const { enrolmentClosesAt: at, enrolmentClosesAtPriceCents: price } = auction;
  const text = isLocked
    ? t("auction.rules.closedToNewBidders")
    : at !== null && price !== null
      ? t("auction.rules.closesAtTimeOrPrice", { time: dateTime(at), price: euro(price) })
      : at !== null
        ? t("auction.rules.closesAtTime", { time: dateTime(at) })
        : t("auction.rules.closesAtPrice", { price: euro(price ?? 0) });
  return (
    <p
      data-enrolment-lock={isLocked ? "closed" : "open"}
      className={`rounded-lg px-2.5 py-1.5 text-xs font-medium ${
        isLocked
          ? "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
          : "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100"
      } ${className}`}
    >
      {text}
    </p>
  );
}

/** Who the auction is for: beginners (by previous wins) and real bidders only, stated before anyone enrols. */
export function AuctionRulesNotes({ auction, className = "" }: { auction: AuctionCardState; className?: string }) {
  const { t } = useTexts();
  const notes = [
    auction.maxPreviousWins === null
      ? null
      : auction.maxPreviousWins === 0
        ? t("auction.rules.neverWon")
        : t("auction.rules.maxPreviousWins", { number: auction.maxPreviousWins }),
    auction.realBiddersOnly ? t("auction.rules.realBiddersOnly") : null,
  ].filter((note) => note !== null);
  if (notes.length === 0) return null;
  return (
    <ul aria-label={t("auction.rules.title")} className={`flex flex-col gap-1 text-sm ${className}`}>
      {notes.map((note) => (
        <li key={note} className="rounded-xl bg-amber-100 px-3 py-2 text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
          {note}
        </li>
      ))}
    </ul>
  );
}
