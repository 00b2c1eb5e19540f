/**
 * Every figure measures the answers it names, so a measured request that was
 * not a 200 (a refusal, an error, a timeout) makes the run fail instead of
 * leaving a figure that timed refusals too.
 */
export function refusalFailure(counts: Readonly<Record<string, number>>): string | null {
  const slipped = Object.entries(counts).filter(([, count]) => count !== 0)
  if (slipped.length === 0) return null
  const total = slipped.reduce((sum, [, count]) => sum + count, 0)
  return `Failed to measure only 200s: ${total} measured responses were not 200 (${slipped.map(([source, count]) => `${source} ${count}`).join(', ')}); the figures would time refusals too`
}
