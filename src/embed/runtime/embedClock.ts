/**
 * The embed's own sandbox clock: real time plus an offset that only this page
 * moves (the expired-key example jumps it ahead for one request). It is not
 * the playground's clock, which lives in the playground's settings.
 */
export interface EmbedClock {
  /** Epoch milliseconds as the sandbox sees them. */
  now(): number
  /** Runs `task` with the clock moved `days` ahead, then puts it back, even if the task fails. */
  shifted<T>(days: number, task: () => Promise<T>): Promise<T>
}

const DAY_MS = 86_400_000

export function createEmbedClock(realNow: () => number = Date.now): EmbedClock {
  let offsetMs = 0
  return {
    now: () => realNow() + offsetMs,
    async shifted(days, task) {
      offsetMs = days * DAY_MS
      try {
        return await task()
      } finally {
        offsetMs = 0
      }
    },
  }
}
