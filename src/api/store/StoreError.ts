/**
 * The store could not answer: IndexedDB failed to open, a request or the
 * transaction failed or was aborted, or the wait timed out. The pipeline
 * answers 503 for this error alone; any other error is a bug (500).
 */
export class StoreError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'StoreError'
  }
}

/** Wraps whatever IndexedDB threw or rejected with, keeping it as the cause. */
export function storeFailure(cause: unknown, doing = 'use the store'): StoreError {
  if (cause instanceof StoreError) return cause
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)
  return new StoreError(`Failed to ${doing}: ${reason}`, { cause })
}

/** Runs a synchronous IndexedDB call, turning what it throws into a StoreError. */
export function attempt<T>(call: () => T, doing?: string): T {
  try {
    return call()
  } catch (error) {
    throw storeFailure(error, doing)
  }
}
