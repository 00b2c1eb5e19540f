import { describe, expect, it } from 'vitest'
import { createSandboxCore, RequestJournal, SCOPES } from '../../src/api/core.ts'
import type { ForwardedRequest } from '../../src/bridge/protocol.ts'
import { describeOutsideRequest } from '../../src/bridge/tab/outsideRequest.ts'

/** One request through a real core that journals, as the bridge's tab runs it. */
async function answered(headers: [string, string][], body: string | null) {
  const journal = new RequestJournal()
  const sandbox = createSandboxCore({ memory: true, journal })
  const { key } = await sandbox.workspace.issueKey({ scopes: SCOPES })
  const withKey = headers.map(([name, value]): [string, string] => [name, value.replaceAll('$KEY', key)])
  const forwarded: ForwardedRequest = {
    id: 'r1',
    method: body === null ? 'GET' : 'POST',
    url: `http://localhost:5173/api/developer/v1/${body === null ? 'status' : 'tools/validate'}`,
    headers: withKey,
    body: null,
    truncated: false,
    receivedAt: 1000,
  }
  const response = await sandbox.handle(new Request(forwarded.url, { method: forwarded.method, headers: withKey, body }))
  const exchange = journal.find(response.headers.get('x-request-id') ?? '')
  if (!exchange) throw new Error('the journal did not record the request')
  return { key, exchange, record: describeOutsideRequest(forwarded, exchange, 1002) }
}

describe('describeOutsideRequest', () => {
  it('is the journal entry of the exchange, with the client named and no key anywhere', async () => {
    const { key, exchange, record } = await answered(
      [
        ['authorization', 'Bearer $KEY'],
        ['user-agent', 'curl/8.5.0'],
        ['origin', 'http://127.0.0.1:3000'],
        ['content-type', 'application/json'],
        ['x-note', 'pasted $KEY here'],
      ],
      '{"manifest":{"summary":"$KEY"}}',
    )
    expect(record).toEqual({
      id: 'r1',
      exchange,
      keyHint: `…${key.slice(-4)}`,
      userAgent: 'curl/8.5.0',
      origin: 'http://127.0.0.1:3000',
      receivedAt: 1000,
      startedAt: 1002,
    })
    expect(exchange).toMatchObject({ method: 'POST', path: '/api/developer/v1/tools/validate', status: 422 })
    expect(JSON.stringify(record)).not.toContain(key)
  })

  it('says null for a client that sent no key, no User-Agent and no Origin', async () => {
    const { record } = await answered([], null)
    expect(record).toMatchObject({ keyHint: null, userAgent: null, origin: null, exchange: { status: 401, request: { body: null } } })
  })
})
