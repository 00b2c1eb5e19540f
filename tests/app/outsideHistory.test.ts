import { describe, expect, it } from 'vitest'
import { requestOfEntry } from '../../src/app/console/consoleStore.ts'
import { toCurl } from '../../src/app/console/snippets.ts'
import { fromOutsideRequest, parseHistory } from '../../src/app/state/history/historyEntry.ts'
import type { ForwardedRequest } from '../../src/bridge/protocol.ts'
import { describeOutsideRequest } from '../../src/bridge/tab/outsideRequest.ts'

const KEY = `svc_test_${'k'.repeat(39)}WXYZ`
const encode = (text: string) => new TextEncoder().encode(text)

const forwarded: ForwardedRequest = {
  id: 'r1',
  method: 'POST',
  url: 'http://localhost:5173/api/developer/v1/tools/validate?dryRun=1',
  headers: [
    ['authorization', `Bearer ${KEY}`],
    ['user-agent', 'my-app/1.0'],
    ['origin', 'http://127.0.0.1:3000'],
    ['content-type', 'application/json'],
    ['x-request-id', 'app-7'],
  ],
  body: null,
  truncated: false,
  receivedAt: Date.parse('2026-11-22T12:00:00.000Z'),
}
const record = describeOutsideRequest(
  forwarded,
  encode(`{"manifest":{"summary":"${KEY}"}}`),
  { status: 400, headers: [['x-request-id', 'app-7']], body: encode('{"code":"unknown_query_parameter"}') },
  { startedAt: forwarded.receivedAt + 2, durationMs: 4.2 },
)

describe('an outside request in the history', () => {
  const entry = fromOutsideRequest(record, Date.parse('2027-01-01T00:00:00.000Z'))

  it('is marked as outside, names the client, and keeps no key anywhere', () => {
    expect(entry).toMatchObject({
      source: 'outside',
      client: { userAgent: 'my-app/1.0', origin: 'http://127.0.0.1:3000' },
      method: 'POST',
      path: '/api/developer/v1/tools/validate',
      query: '?dryRun=1',
      operationId: 'validateTool',
      keyHint: '…WXYZ',
      status: 400,
      requestId: 'app-7',
      sandboxAt: '2027-01-01T00:00:00.000Z',
    })
    expect(entry.requestHeaders.authorization).toBeUndefined()
    expect(JSON.stringify(entry)).not.toContain(KEY)
  })

  it('survives storage as it was kept', () => {
    expect(parseHistory(JSON.parse(JSON.stringify([entry])))).toEqual([entry])
  })

  it('replays and copies as its own request: the client-describing headers left to the client', () => {
    const request = requestOfEntry(entry)
    expect(request).toEqual({
      method: 'POST',
      path: '/tools/validate?dryRun=1',
      headers: { 'x-request-id': 'app-7' },
      body: '{"manifest":{"summary":"svc_test_[redacted …WXYZ]"}}',
    })
    expect(toCurl(request, 'http://localhost:5173/api/developer/v1')).toContain(
      "'http://localhost:5173/api/developer/v1/tools/validate?dryRun=1'",
    )
  })
})
