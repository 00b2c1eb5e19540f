/**
 * Code loaded apart (a heavy section, the editor), shown the moment it has
 * arrived.
 *
 * @note `React.lazy` suspends on its first render even when the code has
 * long arrived (its promise is only read then), and React holds back
 * content that replaces a fallback until 300 ms after the fallback appeared:
 * a cold open of the editor waited ~250 ms for nothing. A promise that
 * carries `status` and `value` once settled (React's `ReactPromise` shape)
 * is read by `use` at once, and `useArrived` never suspends at all.
 */
import { type ReactPromise, useEffect, useState } from 'react'

/** The importer, run once on first call; later calls return the same promise, which says how it settled once it has. */
export function preloadable<T>(importer: () => Promise<T>): () => ReactPromise<T> {
  let promise: ReactPromise<T> | undefined
  return () => {
    if (promise) return promise
    const started = importer()
    started.then(
      // Block bodies: returning `started` itself would chain its rejection into a promise nobody handles.
      (value) => {
        Object.assign(started, { status: 'fulfilled', value })
      },
      (reason: unknown) => {
        Object.assign(started, { status: 'rejected', reason })
      },
    )
    promise = started
    return started
  }
}

/** The loaded value, or undefined until it arrives (or when it cannot): for a stand-in that should not suspend. */
export function useArrived<T>(load: () => ReactPromise<T>): T | undefined {
  const [arrived, setArrived] = useState(() => {
    const promise = load()
    return promise.status === 'fulfilled' ? promise.value : undefined
  })
  useEffect(() => {
    if (arrived !== undefined) return
    let current = true
    load().then(
      (value) => {
        if (current) setArrived(value)
      },
      (error: unknown) => console.warn(`Failed to load code; the stand-in stays: ${String(error)}`),
    )
    return () => {
      current = false
    }
  }, [arrived, load])
  return arrived
}
