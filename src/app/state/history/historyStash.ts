/**
 * Where a closing page leaves the history entries it had not yet written:
 * IndexedDB is asynchronous, and a page hidden for good does not wait for it.
 */
import { type HistoryEntry, parseHistory } from './historyEntry.ts'

/** A synchronous place for a closing page's unwritten entries; `take` empties it. */
export interface HistoryStash {
  put(entries: readonly HistoryEntry[]): void
  take(): HistoryEntry[]
}

const UNSAVED_KEY = 'developer-sandbox-playground:history-unsaved'

/** localStorage as the stash: synchronous, so a page that is going away still gets its last entries into it. */
export const pageStash: HistoryStash = {
  put(entries) {
    try {
      const storage = globalThis.localStorage
      if (!storage) return
      // Two tabs closing at once add to one stash rather than overwrite each other's.
      const earlier = parseHistory(JSON.parse(storage.getItem(UNSAVED_KEY) ?? '[]'))
      storage.setItem(UNSAVED_KEY, JSON.stringify([...earlier, ...entries]))
    } catch {
      // Storage full or blocked: the entries are lost only if the write behind them fails too.
    }
  },
  take() {
    try {
      const storage = globalThis.localStorage
      const text = storage?.getItem(UNSAVED_KEY)
      if (!storage || text === null || text === undefined) return []
      storage.removeItem(UNSAVED_KEY)
      // Read back as any stored history is: checked and re-redacted.
      return parseHistory(JSON.parse(text))
    } catch {
      return []
    }
  },
}
