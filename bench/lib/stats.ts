/** Small, dependency-free statistics for the benchmarks. */

/** The q-quantile (0 ≤ q ≤ 1) of the samples, by linear interpolation; NaN when empty. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const position = (sorted.length - 1) * q
  const lower = Math.floor(position)
  const upper = Math.ceil(position)
  const low = sorted[lower] ?? Number.NaN
  const high = sorted[upper] ?? Number.NaN
  return low + (high - low) * (position - lower)
}

export function median(samples: readonly number[]): number {
  return quantile(samples, 0.5)
}

export function sum(samples: readonly number[]): number {
  let total = 0
  for (const sample of samples) total += sample
  return total
}

/** Rounds for the results file, keeping small figures readable. */
export function round(value: number, digits = 3): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/**
 * Throughput ratio from paired, adjacent blocks: for each pair, baseline time
 * over measured time (the same work), then the median over pairs. A pair runs
 * within a fraction of a second, so load from other processes hits both sides
 * of it alike, and a disturbed pair does not move the median.
 */
export function pairedRatio(baselineMs: readonly number[], measuredMs: readonly number[]): number {
  const ratios = baselineMs.map((baseline, index) => baseline / (measuredMs[index] ?? Number.NaN))
  return median(ratios)
}
