import { type HistoryEntry, parseHistory } from './historyEntry.ts'

/** Where the history lived before IndexedDB: read once, moved over, removed. */
export const LEGACY_HISTORY_KEY = 'developer-sandbox-playground:history'
const LEGACY_DROPPED_KEY = 'developer-sandbox-playground:history-dropped'

/** The history an older version kept in localStorage, removed once read. */
export function takeLegacyHistory(): { entries: HistoryEntry[]; dropped: number } | undefined {
  try {
    const storage = globalThis.localStorage
    const text = storage?.getItem(LEGACY_HISTORY_KEY)
    if (!storage || text === null || text === undefined) return undefined
    const dropped = Number(storage.getItem(LEGACY_DROPPED_KEY) ?? 0)
    storage.removeItem(LEGACY_HISTORY_KEY)
    storage.removeItem(LEGACY_DROPPED_KEY)
    return { entries: parseHistory(JSON.parse(text)), dropped: Number.isSafeInteger(dropped) && dropped > 0 ? dropped : 0 }
  } catch {
    return undefined
  }
}
