import { BASE_PATH } from '../../../api/core.ts'
import type { HistoryEntry } from './historyEntry.ts'

/** A row of the history list: one request, or a burst of the same request sent back to back. */
export type HistoryRow = { kind: 'entry'; entry: HistoryEntry } | { kind: 'burst'; id: string; entries: HistoryEntry[] }

/** Fewer requests than this stay rows of their own: a handful reads fine, a burst is what floods the list. */
export const MIN_BURST = 5
/** The next request of a burst starts within this long of the previous answer. */
export const BURST_GAP_MS = 1000

const sameRequest = (a: HistoryEntry, b: HistoryEntry) =>
  a.source === b.source && a.method === b.method && a.path === b.path && a.query === b.query

/** Whether `newer` was sent right after `older` was answered (its own duration aside). */
function follows(newer: HistoryEntry, older: HistoryEntry, gapMs: number): boolean {
  const between = Date.parse(newer.at) - Date.parse(older.at)
  return between >= 0 && between <= newer.durationMs + gapMs
}

/**
 * Groups runs of the same request sent back to back (newest first, as the
 * history keeps them) into bursts; everything else stays a row of its own.
 * @example groupBursts(history) // [{ kind: 'burst', entries: [130 entries] }, { kind: 'entry', … }]
 */
export function groupBursts(entries: readonly HistoryEntry[], minBurst = MIN_BURST, gapMs = BURST_GAP_MS): HistoryRow[] {
  const rows: HistoryRow[] = []
  let run: HistoryEntry[] = []
  const close = () => {
    const [first] = run
    if (first && run.length >= minBurst) rows.push({ kind: 'burst', id: `burst_${first.id}`, entries: run })
    else for (const entry of run) rows.push({ kind: 'entry', entry })
    run = []
  }
  for (const entry of entries) {
    const previous = run[run.length - 1]
    if (previous && !(sameRequest(previous, entry) && follows(previous, entry, gapMs))) close()
    run.push(entry)
  }
  close()
  return rows
}

/** `130 × GET /status: 108 × 200, 22 × 429` (statuses in ascending order, then "no answer" for status 0). */
export function burstSummary(entries: readonly HistoryEntry[]): string {
  const [first] = entries
  if (!first) return '0 requests'
  const counts = new Map<number, number>()
  for (const entry of entries) counts.set(entry.status, (counts.get(entry.status) ?? 0) + 1)
  const path = first.path.startsWith(BASE_PATH) ? first.path.slice(BASE_PATH.length) : first.path
  const statuses = [...counts.entries()]
    .sort(([a], [b]) => (a || 1000) - (b || 1000))
    .map(([status, count]) => `${count} × ${status === 0 ? 'no answer' : status}`)
  return `${entries.length} × ${first.method} ${path}${first.query}: ${statuses.join(', ')}`
}
