// The enrolment lock (decision 031), the one rule both sides read: an auction closes to new bidders at a time before
// its initial timer runs out, or once its price reaches a closing price. The server judges enrolment by it and states
// the closing time in an auction's state; the SPA says "Closed to new bidders" by it, on its estimate of the server's
// clock (the server's refusal has the last word).

/** What sets the closing time: the start, the initial timer, the hard end (null: none), and how long before the end. */
export type EnrolmentClosingTerms = {
  startsAtMs: number;
  initialSeconds: number;
  hardEndsAtMs: number | null;
  closesSeconds: number | null;
};

/**
 * When enrolment closes by time: `closesSeconds` before the end of the initial timer, which is the start plus
 * `initialSeconds` (or the hard end, if that comes first). Bids that push the end later do not move it.
 */
export function enrolmentClosesAtMs({ startsAtMs, initialSeconds, hardEndsAtMs, closesSeconds }: EnrolmentClosingTerms): number | null {
  if (closesSeconds === null) return null;
  const initialEndMs = startsAtMs + initialSeconds * 1000;
  const endMs = hardEndsAtMs === null ? initialEndMs : Math.min(initialEndMs, hardEndsAtMs);
  return endMs - closesSeconds * 1000;
}

/** What the lock reads of an auction: its closing time and closing price (null: no such rule), and its price now. */
export type EnrolmentLock = { closesAtMs: number | null; closesAtPriceCents: number | null; priceCents: number };

/** Closed to new bidders: the closing time has come, or the price has reached the closing price. */
export function isEnrolmentLocked({ closesAtMs, closesAtPriceCents, priceCents }: EnrolmentLock, nowMs: number): boolean {
  if (closesAtMs !== null && nowMs >= closesAtMs) return true;
  return closesAtPriceCents !== null && priceCents >= closesAtPriceCents;
}
