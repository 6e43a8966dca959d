// The server's clock as seen from here: an offset estimated NTP-style from `clock:sync` round trips, keeping the
// sample with the lowest round-trip time. Time left is always `endsAt − serverNow()`, never a local countdown.
import { drawingMoment } from "./drawing";
import type { LiveSocket } from "./socket";

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

/** One sample: keep it if its round trip is the shortest yet (the least skewed by network delay). */
export function recordClockSample(sentAtMs: number, receivedAtMs: number, serverNowMs: number): void {
  const roundTripMs = receivedAtMs - sentAtMs;
  if (roundTripMs < 0 || roundTripMs > bestRoundTripMs) return;
  bestRoundTripMs = roundTripMs;
  const previousMs = offsetMs;
  offsetMs = serverNowMs - (sentAtMs + receivedAtMs) / 2;
  if (offsetMs !== previousMs) offsetListeners.forEach((listener) => listener());
}

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

export async function syncClock(socket: LiveSocket, samples = 5): Promise<void> {
  // The ack's schema (and zod) load here, with the socket, not before the first paint (decision 014); from a file of
  // its own, so a page that shows no other socket event's schema loads none (decision 059).
  const schemas = await import("../../contract/clock").catch(() => null);
  if (!schemas) return;
  for (let i = 0; i < samples; i++) {
    const sentAt = Date.now();
    try {
      const answer = schemas.ClockSyncAck.parse(await socket.timeout(3000).emitWithAck("clock:sync", {}));
      recordClockSample(sentAt, Date.now(), answer.data.serverNow);
    } catch {
      return;
    }
  }
}
