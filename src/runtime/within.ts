/**
 * Settles as `promise` does, or rejects with `onTimeout()` once `ms` have
 * passed without an answer; the timer never outlives the race.
 * @example await within(worker.start(options), 10_000, () => new Error('no answer within 10 s'))
 */
export async function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  try {
    return await Promise.race([promise, expired])
  } finally {
    clearTimeout(timer)
  }
}
