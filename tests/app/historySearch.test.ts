import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../src/app/state/history/historyEntry.ts'
import { filterHistory } from '../../src/app/state/history/historySearch.ts'

function entry(patch: Partial<HistoryEntry>): HistoryEntry {
  return {
    id: `h_${Math.random().toString(36).slice(2)}`,
    at: '2026-11-22T12:00:00.000Z',
    sandboxAt: '2026-11-22T12:00:00.000Z',
    operationId: 'getProjectStatus',
    method: 'GET',
    path: '/api/developer/v1/status',
    keyHint: '…abcd',
    requestHeaders: {},
    requestBody: null,
    status: 200,
    durationMs: 4.2,
    responseHeaders: {},
    responseBody: '{"environment":"sandbox"}',
    requestId: 'req-1',
    ...patch,
  }
}

const status = entry({ id: 'status' })
const refused = entry({ id: 'refused', status: 403, operationId: 'getProjectUsage', path: '/api/developer/v1/usage', keyHint: '…wxyz' })
const validate = entry({
  id: 'validate',
  method: 'POST',
  operationId: 'validateTool',
  path: '/api/developer/v1/tools/validate',
  requestBody: '{"manifest":{"name":"Reading log"}}',
  status: 422,
  requestId: 'pg-7f3a',
  responseBody: '{"status":422}',
  keyHint: null,
})
const all = [status, refused, validate]

describe('filterHistory', () => {
  it('returns every entry, in order, for an empty or blank query', () => {
    expect(filterHistory(all, '')).toEqual(all)
    expect(filterHistory(all, '   ')).toEqual(all)
  })

  it('finds entries by status, path, operation id, request id, key hint and body text', () => {
    const ids = (query: string) => filterHistory(all, query).map((found) => found.id)
    expect(ids('403')).toEqual(['refused'])
    expect(ids('/usage')).toEqual(['refused'])
    expect(ids('validateTool')).toEqual(['validate'])
    expect(ids('pg-7f3a')).toEqual(['validate'])
    expect(ids('…wxyz')).toEqual(['refused'])
    expect(ids('reading LOG')).toEqual(['validate'])
    expect(ids('sandbox')).toEqual(['status', 'refused'])
  })

  it('needs every word of the query to match somewhere in the same entry', () => {
    expect(filterHistory(all, 'post 422').map((found) => found.id)).toEqual(['validate'])
    expect(filterHistory(all, 'post 403')).toEqual([])
  })

  it('returns a new array, never the list it was given', () => {
    expect(filterHistory(all, '')).not.toBe(all)
  })
})
