import type { OperationId } from '../../../api/core.ts'
import type { HistoryEntry } from './historyEntry.ts'

/** Which answers to show, by the first digit of the status; `none` is a request that got no answer (network error, cancelled). */
export const STATUS_CLASSES = ['all', '2xx', '4xx', '5xx', 'none'] as const
export type StatusClass = (typeof STATUS_CLASSES)[number]

/** The history's search and filters. */
export interface HistoryFilter {
  /** Words, each of which must match. */
  query: string
  /** Whether the words may also match request and response bodies (off: a body that mentions `tools.validate` does not make `GET /status` a match). */
  inBodies: boolean
  statusClass: StatusClass
  /** One operation, `other` for routes the API does not have, or `all`. */
  operation: OperationId | 'other' | 'all'
  source: 'all' | 'console' | 'outside'
}

export const NO_FILTER: HistoryFilter = { query: '', inBodies: false, statusClass: 'all', operation: 'all', source: 'all' }

const codes = new WeakMap<HistoryEntry, string>()

/** The problem `code` of an error answer (`rate_limited`, `key_missing`…), or `''`. */
export function problemCode(entry: HistoryEntry): string {
  const known = codes.get(entry)
  if (known !== undefined) return known
  let code = ''
  if (entry.status >= 400 && entry.responseBody.startsWith('{')) {
    try {
      const body: unknown = JSON.parse(entry.responseBody)
      if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string') code = body.code
    } catch {
      // A cut or non-JSON body has no code to offer.
    }
  }
  codes.set(entry, code)
  return code
}

function statusClassOf(status: number): StatusClass {
  if (status === 0) return 'none'
  return `${Math.floor(status / 100)}xx` as StatusClass
}

/** What a word is matched against first: the request line, the status and the problem code, the ids. */
function summaryText(entry: HistoryEntry): string {
  return [
    entry.method,
    `${entry.path}${entry.query}`,
    String(entry.status),
    problemCode(entry),
    entry.operationId ?? '',
    entry.requestId ?? '',
    entry.keyHint ?? '',
  ]
    .join(' ')
    .toLowerCase()
}

/** Entries that pass the filters and match every word of the search, in the order given. */
export function filterHistory(entries: readonly HistoryEntry[], filter: Partial<HistoryFilter> = {}): HistoryEntry[] {
  const { query, inBodies, statusClass, operation, source } = { ...NO_FILTER, ...filter }
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  return entries.filter((entry) => {
    if (statusClass !== 'all' && statusClassOf(entry.status) !== statusClass) return false
    if (operation !== 'all' && (entry.operationId ?? 'other') !== operation) return false
    if (source !== 'all' && entry.source !== source) return false
    if (words.length === 0) return true
    const summary = summaryText(entry)
    const bodies = inBodies ? `${entry.requestBody ?? ''} ${entry.responseBody}`.toLowerCase() : ''
    return words.every((word) => summary.includes(word) || (inBodies && bodies.includes(word)))
  })
}
