/**
 * One compacting collection once the state is loaded, so a server that then
 * sits idle holds its state and not what loading it took.
 * See docs/decisions/031-memory-after-loading.md.
 * @note Loading a large state leaves V8's young generation at its largest
 * (every loaded record survives its collections, and V8 grows the young
 * generation by what survives) and the import's text in the large-object
 * space. Neither is given back while the process idles: V8's memory reducer
 * only starts after a collection that an allocation limit forced. Node has
 * no call that asks for the reducing collection, so the `gc` function is
 * taken from a fresh context with `--expose-gc` set for that moment, as
 * Jest does for `--logHeapUsage`; user code never sees it.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

interface CollectOptions {
  type: 'major'
  execution: 'sync'
  /** `last-resort` collects as under memory pressure: it shrinks the young generation and frees empty pages. */
  flavor: 'regular' | 'last-resort'
}

/** Below this the collection is not worth its time: a fresh or small state starts at 15–20 MB. */
const LARGE_HEAP_BYTES = 32 * 1024 * 1024

/** Collects and shrinks the heap when loading left it large; whether it did. About 20 ms, 70 ms for 24,000 keys. */
export function releaseLoadingMemory(): boolean {
  if (getHeapStatistics().total_heap_size <= LARGE_HEAP_BYTES) return false
  collectGarbage('last-resort')
  return true
}

/** A full collection, now, without exposing `gc` to anything else. */
export function collectGarbage(flavor: CollectOptions['flavor']): void {
  const exposed = typeof (globalThis as { gc?: unknown }).gc === 'function'
  if (!exposed) setFlagsFromString('--expose-gc')
  try {
    const collect = runInNewContext('gc') as (options: CollectOptions) => void
    collect({ type: 'major', execution: 'sync', flavor })
  } finally {
    if (!exposed) setFlagsFromString('--no-expose-gc')
  }
}
