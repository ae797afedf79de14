// Shared by the latency benches: nearest-rank percentiles of a set of timings (ms).
export interface TimingSummary {
  p50: number
  p95: number
  max: number
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

export function summariseTimings(samples: readonly number[]): TimingSummary {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? NaN,
  }
}
