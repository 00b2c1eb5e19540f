import { describe, expect, it } from 'vitest'
import {
  bearerLastFour,
  fromBase64,
  parseForwardedReply,
  parseForwardedRequest,
  parseKeyHints,
  serverSentEvent,
  toBase64,
} from '../../src/bridge/protocol.ts'

const REQUEST = {
  id: 'r1',
  method: 'POST',
  url: 'http://localhost:5173/api/developer/v1/tools/validate',
  headers: [['content-type', 'application/json']],
  body: 'e30=',
  truncated: false,
  receivedAt: 1,
}

describe('bridge protocol', () => {
  it('round-trips every byte value through base64, across chunk boundaries', () => {
    const bytes = new Uint8Array(70_000).map((_, index) => (index * 7) % 256)
    expect(fromBase64(toBase64(bytes))).toEqual(bytes)
    expect(toBase64(new Uint8Array(0))).toBe('')
  })

  it('accepts a well-formed forwarded request and refuses a malformed one', () => {
    expect(parseForwardedRequest(REQUEST)).toEqual(REQUEST)
    expect(() => parseForwardedRequest({ ...REQUEST, method: 'get' })).toThrow(/Failed to read "forwarded request": "method"/)
    expect(() => parseForwardedRequest({ ...REQUEST, url: '/relative' })).toThrow(/"url"/)
    expect(() => parseForwardedRequest({ ...REQUEST, headers: [['a']] })).toThrow(/"headers"/)
    expect(() => parseForwardedRequest({ ...REQUEST, body: 'not base64!' })).toThrow(/"body"/)
    expect(() => parseForwardedRequest(null)).toThrow(/not an object/)
  })

  it('accepts a reply or a failure, and refuses an impossible status', () => {
    expect(parseForwardedReply({ id: 'r1', status: 200, headers: [], body: '' })).toEqual({ id: 'r1', status: 200, headers: [], body: '' })
    expect(parseForwardedReply({ id: 'r1', failure: 'Error: x' })).toEqual({ id: 'r1', failure: 'Error: x' })
    expect(() => parseForwardedReply({ id: 'r1', status: 99, headers: [], body: '' })).toThrow(/"status"/)
    expect(() => parseForwardedReply({ id: '', status: 200, headers: [], body: '' })).toThrow(/"id"/)
  })

  it('keeps the four-character key hints, drops other strings, and refuses anything else', () => {
    expect(parseKeyHints({ lastFour: ['abcd', 'A_-9'] })).toEqual({ lastFour: ['abcd', 'A_-9'] })
    expect(parseKeyHints({ lastFour: ['abcde', '<img>', 'wxyz'] })).toEqual({ lastFour: ['wxyz'] })
    expect(() => parseKeyHints({ lastFour: [1234] })).toThrow(/strings/)
    expect(() => parseKeyHints({ lastFour: 'abcd' })).toThrow(/not a list/)
  })

  it('routes by the last four characters of a bearer key', () => {
    expect(bearerLastFour(`Bearer svc_test_${'a'.repeat(39)}WXYZ`)).toBe('WXYZ')
    expect(bearerLastFour('bearer   svc_test_abcdefgh ')).toBe('efgh')
    expect(bearerLastFour('Basic dXNlcjpwYXNz')).toBeNull()
    expect(bearerLastFour(null)).toBeNull()
  })

  it('writes one event per message, its data on one line', () => {
    expect(serverSentEvent('request', { a: 'x\ny' })).toBe('event: request\ndata: {"a":"x\\ny"}\n\n')
  })
})
