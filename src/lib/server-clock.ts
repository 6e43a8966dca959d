// The server's clock as seen from here: an offset estimated NTP-style from `clock:sync` round trips, keeping the
// sample with the lowest round-trip time. Time left is always `endsAt − serverNow()`, never a local countdown.
import { drawingMoment } from "./first-screen-moment";
import type { LiveSocket } from "./live-socket";

let offsetMs = 0;
let bestRoundTripMs = Number.POSITIVE_INFINITY;
const offsetListeners = new Set<() => void>();

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/**
 * The time a render shows: the server's clock, except while the first screen is being drawn (on the server) or
 * hydrated (in the browser), when it is the moment the server drew it, so that both draw the same countdowns.
 */
export function renderNow(): number {
  return drawingMoment() ?? serverNow();
}

export function clockOffsetMs(): number {
  return offsetMs;
}

/** One sample: keep it if its round trip is the shortest yet (the least skewed by network delay); tells the listeners. */
export function recordClockSample(sentAtMs: number, receivedAtMs: number, serverNowMs: number): void {
  const previousMs = offsetMs;
  keepSample(sentAtMs, receivedAtMs, serverNowMs);
  if (offsetMs !== previousMs) tellListeners();
}

/** Keeps the sample if its round trip is the shortest yet; the listeners are told by the caller. */
function keepSample(sentAtMs: number, receivedAtMs: number, serverNowMs: number): void {
  const roundTripMs = receivedAtMs - sentAtMs;
  if (roundTripMs < 0 || roundTripMs > bestRoundTripMs) return;
  bestRoundTripMs = roundTripMs;
  offsetMs = serverNowMs - (sentAtMs + receivedAtMs) / 2;
}

const tellListeners = () => offsetListeners.forEach((listener) => listener());

/**
 * Calls `listener` whenever the estimate changes (what waits for a moment by a timer, rather than reading the clock
 * on every tick, reads it anew then); returns the undo.
 */
export function onClockOffsetChange(listener: () => void): () => void {
  offsetListeners.add(listener);
  return () => {
    offsetListeners.delete(listener);
  };
}

export function resetClockSamples(): void {
  bestRoundTripMs = Number.POSITIVE_INFINITY;
}

/**
 * A run of `samples` round trips, one after another. The listeners hear of the estimate at most twice a run: after its
 * first sample (a device clock that is far off is put right at once) and at its end, when the best of the rest moved it.
 * Each telling sends every card's lifecycle actor a tick; told of every sample that moved it (on a quiet network each
 * round trip tends to be a little shorter than the one before), a page starting on a phone did that round up to five
 * times in its first second.
 */
export async function syncClock(socket: LiveSocket, samples = 5): Promise<void> {
  // The ack's schema (and zod) load here, with the socket, not before the first paint (decision 014); from a file of
  // its own, so a page that shows no other socket event's schema loads none (decision 059).
  const schemas = await import("../../contract/clock").catch(() => null);
  if (!schemas) return;
  let toldMs = offsetMs;
  const tellIfMoved = () => {
    if (offsetMs === toldMs) return;
    toldMs = offsetMs;
    tellListeners();
  };
  try {
    for (let i = 0; i < samples; i++) {
      const sentAt = Date.now();
      const answer = schemas.ClockSyncAck.parse(await socket.timeout(3000).emitWithAck("clock:sync", {}));
      keepSample(sentAt, Date.now(), answer.data.serverNow);
      if (i === 0) tellIfMoved();
    }
  } catch {
    // No answer in time, or not one we read: the samples taken so far stand.
  } finally {
    tellIfMoved();
  }
}
