import type { HistoryEntry } from './historyEntry.ts'

/** Entries matching the search: every word must appear somewhere in the entry. */
export function filterHistory(entries: readonly HistoryEntry[], query: string): HistoryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...entries]
  return entries.filter((entry) => {
    const haystack = [
      entry.method,
      entry.path,
      entry.operationId,
      String(entry.status),
      entry.requestId ?? '',
      entry.keyHint ?? '',
      entry.requestBody ?? '',
      entry.responseBody,
    ]
      .join(' ')
      .toLowerCase()
    return words.every((word) => haystack.includes(word))
  })
}
