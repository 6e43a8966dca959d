// Many delays on one browser timer: a clock for XState's `clock` option (decision 053). A page of live cards runs a
// lifecycle actor per card, and each bid re-enters the card's live state, so its timer to the end is cleared and set
// again: hundreds of times a second on a busy page. Chromium's own `setTimeout` and `clearTimeout` took 195 ms of the
// client bench's 5 s window; here a set or a clear is a map entry, and the one browser timer waits for the earliest.
// Hand-written (decision 053): XState asks for this two-method interface, and it is a map and one timer.
import { MAX_TIMER_MS } from "../../contract/auction-countdown";

/** XState's `Clock`: what an actor sets its delayed events with. */
export type Clock = { setTimeout: (run: () => void, timeout: number) => number; clearTimeout: (id: number) => void };

/**
 * A clock whose delays share one browser timer, set for the earliest of them. `now` is the monotonic time it counts
 * in (the page's `performance.now()`). Delays due at once run in the order of their time, then of their setting.
 */
export function createOneTimerClock(now: () => number = () => performance.now()): Clock {
  const pending = new Map<number, { at: number; run: () => void }>();
  let lastId = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the browser timer fires (Infinity: none set). A clear leaves it: firing with nothing due only sets the next. */
  let timerAt = Infinity;

  const setTimer = (at: number) => {
    if (timer !== undefined) clearTimeout(timer);
    timerAt = at;
    // A later moment than one browser timer keeps: it fires early, finds nothing due and waits on.
    timer = at === Infinity ? undefined : setTimeout(fire, Math.min(Math.max(0, at - now()), MAX_TIMER_MS));
  };

  function fire() {
    timer = undefined;
    timerAt = Infinity;
    const time = now();
    const due = [...pending].filter(([, entry]) => entry.at <= time).sort(([, a], [, b]) => a.at - b.at);
    for (const [id, entry] of due) {
      // One run may clear another that was due with it.
      if (!pending.delete(id)) continue;
      entry.run();
    }
    let earliest = timerAt;
    for (const entry of pending.values()) earliest = Math.min(earliest, entry.at);
    if (earliest !== timerAt) setTimer(earliest);
  }

  return {
    setTimeout(run, timeout) {
      lastId += 1;
      const at = now() + Math.max(0, timeout);
      pending.set(lastId, { at, run });
      if (at < timerAt) setTimer(at);
      return lastId;
    },
    clearTimeout(id) {
      // The browser timer stays for the others (firing with nothing due, it sets the next), unless none is left.
      if (pending.delete(id) && pending.size === 0) setTimer(Infinity);
    },
  };
}
