/**
 * The example's own sandbox clock: real time plus an offset that only this
 * example moves (the expired-key example jumps it ahead for one request). The
 * offset is pushed to the example's session, which answers on that clock; it
 * is not the playground's clock, which lives in the playground's settings.
 */
export interface EmbedClock {
  /** Epoch milliseconds as the sandbox sees them. */
  now(): number
  /** Runs `task` with the clock moved `days` ahead, then puts it back, even if the task fails. */
  shifted<T>(days: number, task: () => Promise<T>): Promise<T>
}

const DAY_MS = 86_400_000

export function createEmbedClock(
  realNow: () => number = Date.now,
  apply: (offsetMs: number) => Promise<void> = async () => undefined,
): EmbedClock {
  let offsetMs = 0
  return {
    now: () => realNow() + offsetMs,
    async shifted(days, task) {
      offsetMs = days * DAY_MS
      try {
        await apply(offsetMs)
        return await task()
      } finally {
        offsetMs = 0
        await apply(0)
      }
    },
  }
}
