/** The lines `npm test` closes with: how long each phase took, and which one failed. */

/** "4.9 min" or "38 s": the summary's durations. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000
  return seconds < 90 ? `${Math.round(seconds)} s` : `${(seconds / 60).toFixed(1)} min`
}

export interface PhaseTime {
  name: string
  ms: number
  passed: boolean
}

/** The closing lines: each phase that ran with its time and the whole run's, and which phase failed. */
export function summary(times: readonly PhaseTime[]): string {
  const total = times.reduce((sum, time) => sum + time.ms, 0)
  const failed = times.find((time) => !time.passed)
  const width = Math.max(...times.map((time) => time.name.length))
  const rows = times.map((time) => `  ${time.name.padEnd(width)}  ${formatDuration(time.ms).padStart(7)}${time.passed ? '' : '  FAILED'}`)
  const verdict = failed
    ? `npm test failed in ${failed.name} after ${formatDuration(total)}`
    : `npm test passed in ${formatDuration(total)}`
  return [verdict, ...rows].join('\n')
}
