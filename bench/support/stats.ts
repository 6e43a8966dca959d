// Small statistics for benchmark samples: percentiles by nearest rank, on milliseconds or any number.

export type Distribution = { count: number; p50: number; p75: number; p95: number; p99: number; max: number; mean: number };

/** Percentiles of the samples (sorted in place). An empty sample gives zeros and count 0. */
export function distribution(samples: number[] | Float64Array): Distribution {
  const sorted = Float64Array.from(samples).sort();
  const count = sorted.length;
  if (count === 0) return { count, p50: 0, p75: 0, p95: 0, p99: 0, max: 0, mean: 0 };
  const at = (fraction: number) => sorted[Math.min(count - 1, Math.max(0, Math.ceil(fraction * count) - 1))] ?? 0;
  let sum = 0;
  for (const value of sorted) sum += value;
  return { count, p50: at(0.5), p75: at(0.75), p95: at(0.95), p99: at(0.99), max: sorted[count - 1] ?? 0, mean: sum / count };
}

/** Milliseconds on the machine's monotonic clock: the same in every process, so latencies can cross processes. */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
