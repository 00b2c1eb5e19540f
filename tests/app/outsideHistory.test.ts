import { describe, expect, it } from 'vitest'
import { createSandboxCore, JOURNAL_BODY_LIMIT, RequestJournal, SCOPES } from '../../src/api/core.ts'
import { requestOfEntry } from '../../src/app/console/consoleStore.ts'
import { toCurl } from '../../src/app/console/snippets.ts'
import { fromOutsideRequest, parseHistory } from '../../src/app/state/history/historyEntry.ts'
import type { ForwardedRequest } from '../../src/bridge/protocol.ts'
import { describeOutsideRequest } from '../../src/bridge/tab/outsideRequest.ts'

const SANDBOX_NOW = Date.parse('2027-01-01T00:00:00.000Z')

/** An outside request answered by a real core whose clock is moved, as the bridge's tab announces it. */
async function outside(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  const journal = new RequestJournal()
  const sandbox = createSandboxCore({ memory: true, journal, now: () => SANDBOX_NOW })
  const { key } = await sandbox.workspace.issueKey({ scopes: SCOPES })
  const headers = Object.fromEntries(Object.entries(init.headers).map(([name, value]) => [name, value.replaceAll('$KEY', key)]))
  const body = init.body?.replaceAll('$KEY', key)
  const response = await sandbox.handle(new Request(url, { method: init.method, headers, ...(body ? { body } : {}) }))
  const forwarded: ForwardedRequest = {
    id: 'r1',
    method: init.method,
    url,
    headers: Object.entries(headers),
    body: null,
    truncated: false,
    receivedAt: Date.parse('2026-11-22T12:00:00.000Z'),
  }
  const exchange = journal.find(response.headers.get('x-request-id') ?? '')
  if (!exchange) throw new Error('the journal did not record the request')
  return { key, exchange, entry: fromOutsideRequest(describeOutsideRequest(forwarded, exchange, forwarded.receivedAt + 2)) }
}

const { key, exchange, entry } = await outside('http://localhost:5173/api/developer/v1/tools/validate?dryRun=1', {
  method: 'POST',
  headers: {
    authorization: 'Bearer $KEY',
    'user-agent': 'my-app/1.0',
    origin: 'http://127.0.0.1:3000',
    'content-type': 'application/json',
    'x-request-id': 'app-7',
  },
  body: '{"manifest":{"summary":"$KEY"}}',
})

describe('an outside request in the history', () => {
  it('shows what the request journal recorded, marked as outside, naming the client, with no key anywhere', () => {
    expect(entry).toMatchObject({
      source: 'outside',
      client: { userAgent: 'my-app/1.0', origin: 'http://127.0.0.1:3000' },
      method: 'POST',
      path: '/api/developer/v1/tools/validate',
      query: '?dryRun=1',
      operationId: 'validateTool',
      keyHint: `…${key.slice(-4)}`,
      status: 400,
      requestId: 'app-7',
      sandboxAt: '2027-01-01T00:00:00.000Z',
    })
    expect(entry.status).toBe(exchange.status)
    expect(entry.requestId).toBe(exchange.requestId)
    expect(entry.sandboxAt).toBe(exchange.time)
    expect(entry.responseBody).toBe(exchange.response.body)
    expect(JSON.parse(entry.responseBody)).toMatchObject({ code: 'unknown_query_parameter', requestId: 'app-7' })
    expect(entry.requestHeaders.authorization).toBeUndefined()
    expect(JSON.stringify(entry)).not.toContain(key)
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
      body: '{"manifest":{"summary":"svc_test_[redacted]"}}',
    })
    expect(toCurl(request, 'http://localhost:5173/api/developer/v1')).toContain(
      "'http://localhost:5173/api/developer/v1/tools/validate?dryRun=1'",
    )
  })

  it('says where the journal cut a long body', async () => {
    const long = JSON.stringify({ manifest: { summary: 'x'.repeat(JOURNAL_BODY_LIMIT) } })
    const { entry: cut } = await outside('http://localhost:5173/api/developer/v1/tools/validate', {
      method: 'POST',
      headers: { authorization: 'Bearer $KEY', 'content-type': 'application/json' },
      body: long,
    })
    expect(cut.requestBody).toBe(`${long.slice(0, JOURNAL_BODY_LIMIT)}\n… (cut at ${JOURNAL_BODY_LIMIT} characters in the request journal)`)
  })
})
