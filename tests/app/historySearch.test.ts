import { describe, expect, it } from 'vitest'
import { filterHistory, problemCode } from '../../src/app/state/history/historySearch.ts'
import { historyEntry } from './support/historyEntries.ts'

const status = historyEntry({ id: 'status' })
const refused = historyEntry({
  id: 'refused',
  status: 403,
  operationId: 'getProjectUsage',
  path: '/api/developer/v1/usage',
  keyHint: '…wxyz',
  responseBody: '{"type":"about:blank","status":403,"code":"insufficient_scope","requiredScope":"usage.read"}',
})
const validate = historyEntry({
  id: 'validate',
  method: 'POST',
  operationId: 'validateTool',
  path: '/api/developer/v1/tools/validate',
  requestBody: '{"manifest":{"name":"Reading log"}}',
  status: 422,
  requestId: 'pg-7f3a',
  responseBody: '{"status":422,"code":"manifest_invalid"}',
  keyHint: null,
})
const missing = historyEntry({
  id: 'missing',
  operationId: null,
  path: '/api/developer/v1/nope',
  query: '?limit=5',
  status: 404,
  responseBody: '{"status":404,"code":"not_found"}',
})
const offline = historyEntry({ id: 'offline', status: 0, responseBody: '', networkError: 'Failed to fetch' })
const outside = historyEntry({ id: 'outside', source: 'outside', client: { userAgent: 'curl/8.5.0', origin: null } })
const all = [status, refused, validate, missing, offline, outside]
const ids = (filter: Parameters<typeof filterHistory>[1]) => filterHistory(all, filter).map((found) => found.id)

describe('filterHistory', () => {
  it('returns every entry, in order, for an empty or blank query', () => {
    expect(filterHistory(all, {})).toEqual(all)
    expect(filterHistory(all, { query: '   ' })).toEqual(all)
  })

  it('matches method, path with its query, status, problem code, operation id, request id and key hint', () => {
    expect(ids({ query: '403' })).toEqual(['refused'])
    expect(ids({ query: '/usage' })).toEqual(['refused'])
    expect(ids({ query: 'insufficient_scope' })).toEqual(['refused'])
    expect(ids({ query: 'validateTool' })).toEqual(['validate'])
    expect(ids({ query: 'pg-7f3a' })).toEqual(['validate'])
    expect(ids({ query: '…wxyz' })).toEqual(['refused'])
    expect(ids({ query: 'limit=5' })).toEqual(['missing'])
    expect(ids({ query: 'not_found' })).toEqual(['missing'])
  })

  it('leaves bodies out unless asked: "validate" does not match GET /status whose body names tools.validate', () => {
    expect(ids({ query: 'validate' })).toEqual(['validate'])
    expect(ids({ query: 'validate', inBodies: true })).toEqual(['status', 'validate', 'outside'])
    expect(ids({ query: 'reading LOG' })).toEqual([])
    expect(ids({ query: 'reading LOG', inBodies: true })).toEqual(['validate'])
  })

  it('needs every word of the query to match in the same entry', () => {
    expect(ids({ query: 'post 422' })).toEqual(['validate'])
    expect(ids({ query: 'post 403' })).toEqual([])
  })

  it('filters by status class, operation (other for routes the API lacks) and where the request came from', () => {
    expect(ids({ statusClass: '4xx' })).toEqual(['refused', 'validate', 'missing'])
    expect(ids({ statusClass: '2xx' })).toEqual(['status', 'outside'])
    expect(ids({ statusClass: 'none' })).toEqual(['offline'])
    expect(ids({ statusClass: '5xx' })).toEqual([])
    expect(ids({ operation: 'getProjectStatus' })).toEqual(['status', 'offline', 'outside'])
    expect(ids({ operation: 'other' })).toEqual(['missing'])
    expect(ids({ source: 'outside' })).toEqual(['outside'])
    expect(ids({ source: 'console', statusClass: '2xx', query: 'get' })).toEqual(['status'])
  })

  it('returns a new array, never the list it was given', () => {
    expect(filterHistory(all, {})).not.toBe(all)
  })
})

describe('problemCode', () => {
  it('reads the code of a problem answer and nothing else', () => {
    expect(problemCode(refused)).toBe('insufficient_scope')
    expect(problemCode(status)).toBe('')
    expect(problemCode(historyEntry({ status: 500, responseBody: '{"code": ' }))).toBe('')
  })
})
