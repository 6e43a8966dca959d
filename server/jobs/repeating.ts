// The server's background jobs (the auction lifecycle, payment expiry, push notices, PGlite's upkeep) share one
// shape: a round at once on start, so a restarted server catches up, then one every interval.
import { jobLastRunSeconds, jobRunsTotal } from "../metrics/metrics";

export interface RepeatingJob {
  /** No round starts after this; it resolves when the round in flight, if any, has ended. */
  stop: () => Promise<void>;
}

/**
 * Runs `round` at once and then every `intervalMs`. Rounds never overlap: a slow round is not queued behind, the next
 * simply starts on the first interval after it. A round that throws goes to `onError` and the next one runs as usual.
 */
export function startRepeating(options: {
  /** The job's name in the metrics (its runs, failures and last run). */
  name: string;
  round: () => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): RepeatingJob {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = options
      .round()
      .then(
        () => jobRunsTotal.inc({ task: options.name, outcome: "ok" }),
        (error: unknown) => {
          jobRunsTotal.inc({ task: options.name, outcome: "failed" });
          options.onError(error);
        },
      )
      .finally(() => {
        jobLastRunSeconds.set({ task: options.name }, Date.now() / 1000);
        running = null;
      });
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
