// The server's background jobs (the auction lifecycle, payment expiry, push notices, PGlite's upkeep) share one
// shape: a round at once on start, so a restarted server catches up, then one every interval.
export interface RepeatingJob {
  /** No round starts after this; it resolves when the round in flight, if any, has ended. */
  stop: () => Promise<void>;
}

/**
 * Runs `round` at once and then every `intervalMs`. Rounds never overlap: a slow round is not queued behind, the next
 * simply starts on the first interval after it. A round that throws goes to `onError` and the next one runs as usual.
 */
export function startRepeating(options: {
  round: () => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): RepeatingJob {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = options
      .round()
      .catch(options.onError)
      .finally(() => (running = null));
  };
  const timer = setInterval(run, options.intervalMs);
  run();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
