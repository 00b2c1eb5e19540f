import { describe, expect, it } from 'vitest'
import type { ForwardedRequest } from '../../src/bridge/protocol.ts'
import { describeOutsideRequest } from '../../src/bridge/tab/outsideRequest.ts'

const KEY = `svc_test_${'k'.repeat(39)}WXYZ`
const encode = (text: string) => new TextEncoder().encode(text)

describe('describeOutsideRequest', () => {
  it('keeps what the client sent and got, with every key redacted, and names the client', () => {
    const request: ForwardedRequest = {
      id: 'r1',
      method: 'POST',
      url: 'http://localhost:5173/api/developer/v1/tools/validate',
      headers: [
        ['authorization', `Bearer ${KEY}`],
        ['user-agent', 'curl/8.5.0'],
        ['origin', 'http://127.0.0.1:3000'],
        ['x-note', `pasted ${KEY} here`],
      ],
      body: null,
      truncated: false,
      receivedAt: 1000,
    }
    const record = describeOutsideRequest(
      request,
      encode(`{"manifest":{"summary":"${KEY}"}}`),
      { status: 422, headers: [['x-ratelimit-remaining', '118']], body: encode('{"code":"manifest_invalid"}') },
      { startedAt: 1002, durationMs: 4.26 },
    )
    expect(record).toEqual({
      id: 'r1',
      method: 'POST',
      url: request.url,
      requestHeaders: {
        authorization: 'Bearer [redacted …WXYZ]',
        'user-agent': 'curl/8.5.0',
        origin: 'http://127.0.0.1:3000',
        'x-note': 'pasted svc_test_[redacted …WXYZ] here',
      },
      requestBody: '{"manifest":{"summary":"svc_test_[redacted …WXYZ]"}}',
      status: 422,
      responseHeaders: { 'x-ratelimit-remaining': '118' },
      responseBody: '{"code":"manifest_invalid"}',
      userAgent: 'curl/8.5.0',
      origin: 'http://127.0.0.1:3000',
      receivedAt: 1000,
      startedAt: 1002,
      durationMs: 4.3,
    })
    expect(JSON.stringify(record)).not.toContain(KEY)
  })

  it('says null for a client that sent no body, no User-Agent and no Origin', () => {
    const record = describeOutsideRequest(
      {
        id: 'r2',
        method: 'GET',
        url: 'http://localhost/api/developer/v1/status',
        headers: [],
        body: null,
        truncated: false,
        receivedAt: 0,
      },
      null,
      { status: 401, headers: [], body: encode('{}') },
      { startedAt: 0, durationMs: 1 },
    )
    expect(record).toMatchObject({ requestBody: null, userAgent: null, origin: null })
  })
})
