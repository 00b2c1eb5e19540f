/**
 * How one tab's view of the history is made from several lists (what is
 * stored, the batch being written, what waits to be written): one entry per
 * id, newest first, cut to the cap that every tab and the database keep.
 */
import type { HistoryEntry } from './historyEntry.ts'

/** Enough for a 121-request burst and then some; older entries drop off. */
export const MAX_HISTORY = 300

/** Newest first by the time sent; among entries sent in the same millisecond, by id, so every tab orders them alike. */
export const newestFirst = (a: HistoryEntry, b: HistoryEntry): number => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1)

/** The union of the lists by id (a later list's copy wins), newest first, cut to the cap; `overflow` is how many the cut left out. */
export function mergeHistory(...lists: readonly (readonly HistoryEntry[])[]): { entries: HistoryEntry[]; overflow: number } {
  const byId = new Map<string, HistoryEntry>()
  for (const list of lists) for (const entry of list) byId.set(entry.id, entry)
  const all = [...byId.values()].sort(newestFirst)
  return { entries: all.slice(0, MAX_HISTORY), overflow: Math.max(0, all.length - MAX_HISTORY) }
}
