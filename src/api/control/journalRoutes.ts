import type { FromSchema } from 'json-schema-to-ts'
import { isOperationId } from '../operations/registry.ts'
import type { JournalEntry } from '../pipeline/journalEntry.ts'
import type { ControlContext } from './controlContext.ts'
import { ControlError, jsonResponse } from './controlError.ts'
import type { journalSchema } from './controlSchemas.ts'
import { parseInstant } from './parseInstant.ts'

export type Journal = FromSchema<typeof journalSchema>

export interface JournalFilter {
  operation?: string
  status?: number
  keyId?: string
  /** Epoch milliseconds: entries at or after it. */
  since?: number
  limit: number
}

export const JOURNAL_QUERY_PARAMETERS = ['operation', 'status', 'keyId', 'since', 'limit'] as const
export const DEFAULT_JOURNAL_LIMIT = 1000
export const MAX_JOURNAL_LIMIT = 100_000

const refuse = (name: string, value: string, reason: string) =>
  new ControlError('invalid_query', `Failed to read the journal: "${name}" ${reason}, not "${value.slice(0, 60)}".`, {
    errors: [{ pointer: `/${name}`, keyword: 'query', message: reason }],
  })

/** Reads the journal's filters from a query string; an unknown or malformed parameter is a 400 naming it. */
export function readJournalFilter(search: URLSearchParams): JournalFilter {
  const filter: JournalFilter = { limit: DEFAULT_JOURNAL_LIMIT }
  for (const [name, value] of search) {
    if (name === 'operation') {
      if (!isOperationId(value)) throw refuse(name, value, 'must be an operationId of the API')
      filter.operation = value
    } else if (name === 'status') {
      if (!/^[1-5]\d\d$/.test(value)) throw refuse(name, value, 'must be an HTTP status from 100 to 599')
      filter.status = Number(value)
    } else if (name === 'keyId') {
      filter.keyId = value
    } else if (name === 'since') {
      const at = parseInstant(value)
      if (at === undefined) throw refuse(name, value, 'must be an ISO 8601 instant')
      filter.since = at
    } else if (name === 'limit') {
      if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > MAX_JOURNAL_LIMIT)
        throw refuse(name, value, `must be an integer from 1 to ${MAX_JOURNAL_LIMIT}`)
      filter.limit = Number(value)
    } else {
      throw new ControlError('invalid_query', `Failed to read the journal: unknown parameter "${name.slice(0, 60)}".`, {
        errors: [
          { pointer: `/${name.slice(0, 60)}`, keyword: 'additionalProperties', message: `use ${JOURNAL_QUERY_PARAMETERS.join(', ')}` },
        ],
      })
    }
  }
  return filter
}

function matches(entry: JournalEntry, filter: JournalFilter): boolean {
  return (
    (filter.operation === undefined || entry.operationId === filter.operation) &&
    (filter.status === undefined || entry.status === filter.status) &&
    (filter.keyId === undefined || entry.keyId === filter.keyId) &&
    (filter.since === undefined || Date.parse(entry.time) >= filter.since)
  )
}

/** The kept entries that match, newest first, at most `limit` of them; `total` counts every match. */
export function queryJournal({ controls }: ControlContext, filter: JournalFilter): Journal {
  const requests: JournalEntry[] = []
  let total = 0
  for (const entry of controls.journal.newestFirst()) {
    if (!matches(entry, filter)) continue
    total += 1
    if (requests.length < filter.limit) requests.push(entry)
  }
  return { requests, total }
}

export async function journalRoute(request: Request, context: ControlContext): Promise<Response> {
  if (request.method === 'DELETE') {
    context.controls.journal.clear()
    return jsonResponse(200, { requests: [], total: 0 })
  }
  return jsonResponse(200, queryJournal(context, readJournalFilter(new URL(request.url).searchParams)))
}
