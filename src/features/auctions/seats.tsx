// Seat auctions as bidders see them (decision 102): "23 of 40 seats", then "Sold out: 40 of 40 seats"; the minimum
// an auction needs by its start; and, when it had fewer, that it was canceled with every entry fee refunded. The server
// counts the seats and decides; these only show its figures.
import { useTexts } from "../../hooks/use-texts";
import type { AuctionCardState } from "../../../contract";

type Seats = NonNullable<AuctionCardState["seats"]>;

/** No seat left: enrolment is closed to new bidders (the server refuses with SOLD_OUT). */
export const isSoldOut = (seats: AuctionCardState["seats"]): boolean => seats !== null && seats.max !== null && seats.taken >= seats.max;

/** "23 of 40 seats", or "Sold out: 40 of 40 seats"; nothing for an auction without a maximum of seats. */
export function SeatsNote({ seats, className = "" }: { seats: AuctionCardState["seats"]; className?: string }) {
  if (seats === null || seats.max === null) return null;
  return <SeatsText seats={seats} max={seats.max} className={className} />;
}

function SeatsText({ seats, max, className }: { seats: Seats; max: number; className: string }) {
  const { t } = useTexts();
  const soldOut = isSoldOut(seats);
  return (
    <p
      data-seats={soldOut ? "sold-out" : "open"}
      className={`rounded-lg px-2.5 py-1.5 text-xs font-semibold tabular-nums ${
        soldOut
          ? "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
          : "bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100"
      } ${className}`}
    >
      {t(soldOut ? "seats.soldOut" : "seats.taken", { taken: seats.taken, count: max })}
    </p>
  );
}

/** Before the start: the fewest seats the auction starts with, and what happens otherwise. */
export function SeatsMinimumNote({ seats, className = "" }: { seats: AuctionCardState["seats"]; className?: string }) {
  const { t } = useTexts();
  if (seats === null || seats.min === null) return null;
  return (
    <p className={`rounded-xl bg-violet-100 px-3 py-2 text-sm text-violet-900 dark:bg-violet-900/30 dark:text-violet-100 ${className}`}>
      {t("seats.minimum", { count: seats.min })}
    </p>
  );
}

/** A canceled auction: how many of the seats it needed were taken by its start; every fee went back. */
export function SeatsCanceled({ seats }: { seats: AuctionCardState["seats"] }) {
  const { t } = useTexts();
  return (
    <p role="status" className="col-span-2 font-display text-lg leading-snug font-bold">
      {seats?.min != null && seats.taken < seats.min
        ? t("seats.canceled", { taken: seats.taken, count: seats.min })
        : t("seats.canceledRefunded")}
    </p>
  );
}
