/**
 * Opens the history every tab of this browser shares, once per store, and
 * first takes in what was left elsewhere: the history an older version kept
 * in localStorage, and the entries a closing page stashed.
 */
import { type HistoryDb, openHistoryDb } from './historyDb.ts'
import type { HistoryEntry } from './historyEntry.ts'
import { MAX_HISTORY } from './historyMerge.ts'
import type { HistoryStash } from './historyStash.ts'

export interface SharedHistorySources {
  /** Where the history is kept; without one (no IndexedDB) it lives in this tab's memory only. */
  indexedDB?: IDBFactory | undefined
  /** Reads the history an older version kept in localStorage, once, before the first write. */
  legacy?: () => { entries: HistoryEntry[]; dropped: number } | undefined
  /**
   * Holds what a closing page had not yet written: a page hidden for good
   * cannot wait for IndexedDB, so its last entries are put here synchronously
   * and the next page to open the history writes them.
   */
  stash?: HistoryStash
}

/** The shared history, or undefined when this browser keeps none (no IndexedDB, or it refused to open). */
export async function openSharedHistory({ indexedDB, legacy, stash }: SharedHistorySources): Promise<HistoryDb | undefined> {
  if (!indexedDB) return undefined
  try {
    const db = await openHistoryDb(indexedDB, MAX_HISTORY)
    const older = legacy?.()
    if (older && older.entries.length > 0) {
      await db.append(older.entries)
      if (older.dropped > 0) {
        const now = await db.read()
        await db.replace(now.entries, now.dropped + older.dropped)
      }
    }
    const stashed = stash?.take() ?? []
    // Entries are put by id: one the closing page did manage to write is not added twice.
    if (stashed.length > 0) await db.append(stashed)
    return db
  } catch {
    return undefined
  }
}
