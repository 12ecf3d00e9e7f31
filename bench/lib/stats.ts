/**
 * Latency summaries for the benches: nearest-rank percentiles over raw samples.
 * Units are whatever the samples are in (the benches use milliseconds).
 */
export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile `p` (0–100) of ascending `sorted`; NaN for no samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** p50/p95/p99/max of `samples` (any order), rounded to 0.1. */
export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    n: sorted.length,
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
    max: r(sorted.at(-1) ?? Number.NaN),
  };
}
