/** At most 120 accepted requests per key in any 60 s, exactly, with headers that say when the next one is accepted. */
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createSandbox, SCOPES } from '../../src/api/index.ts'
import { expectProblem, rateHeaders } from './support/contract.ts'
import { makeSandbox, testClock } from './support/harness.ts'

const WINDOW_MS = 60_000

describe('the sliding window', () => {
  it('accepts exactly 120 requests of one key in a minute and refuses the 121st with 429, Retry-After and the reset time', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key } = await issue(['status.read'])
    const start = clock.now()
    for (let i = 0; i < 120; i++) {
      const result = await call('/status', { key })
      expect(result.status).toBe(200)
      expect(rateHeaders(result.headers)).toEqual({ limit: 120, remaining: 119 - i, reset: (start + WINDOW_MS) / 1000 })
    }
    const refused = await call('/status', { key })
    const body = expectProblem(refused, 429, 'rate_limited')
    expect(body.detail).toContain('120')
    expect(rateHeaders(refused.headers)).toEqual({ limit: 120, remaining: 0, reset: (start + WINDOW_MS) / 1000 })
    expect(refused.headers.get('Retry-After')).toBe('60')
  })

  it('slides: a refused key is accepted again exactly at X-RateLimit-Reset, one request per stamp that leaves the window', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key } = await issue(['status.read'])
    const start = clock.now()
    // 120 requests spread over 59.5 s, one every 500 ms.
    for (let i = 0; i < 120; i++) {
      clock.set(start + i * 500)
      expect((await call('/status', { key })).status).toBe(200)
    }
    clock.set(start + WINDOW_MS - 1)
    const refused = await call('/status', { key })
    expect(refused.status).toBe(429)
    const reset = rateHeaders(refused.headers).reset
    expect(reset * 1000).toBe(start + WINDOW_MS)
    expect(refused.headers.get('Retry-After')).toBe('1')

    clock.set(reset * 1000 - 1)
    expect((await call('/status', { key })).status).toBe(429)
    clock.set(reset * 1000)
    const accepted = await call('/status', { key })
    expect(accepted.status).toBe(200)
    expect(rateHeaders(accepted.headers).remaining).toBe(0)

    // The next stamp (start + 500 ms) leaves at start + 60.5 s, reported rounded up to the second.
    const next = await call('/status', { key })
    expect(next.status).toBe(429)
    const nextReset = rateHeaders(next.headers).reset
    expect(nextReset).toBe(Math.ceil((start + 500 + WINDOW_MS) / 1000))
    expect(Number(next.headers.get('Retry-After'))).toBe(nextReset - Math.floor(clock.now() / 1000))
    clock.set(start + 500 + WINDOW_MS - 1)
    expect((await call('/status', { key })).status).toBe(429)
    clock.set(nextReset * 1000)
    expect((await call('/status', { key })).status).toBe(200)
  })

  it('is accepted again after waiting Retry-After seconds from any refusal', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key } = await issue(['status.read'])
    const start = clock.now()
    for (let i = 0; i < 120; i++) {
      clock.set(start + i * 37)
      await call('/status', { key })
    }
    clock.set(start + 20_250)
    const refused = await call('/status', { key })
    expect(refused.status).toBe(429)
    clock.advance(Number(refused.headers.get('Retry-After')) * 1000)
    expect((await call('/status', { key })).status).toBe(200)
  })

  it('does not count refused requests: hammering while limited does not push the window back', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key } = await issue(['status.read'])
    const start = clock.now()
    for (let i = 0; i < 120; i++) await call('/status', { key })
    for (let i = 0; i < 50; i++) {
      clock.set(start + 1_000 * i)
      expect((await call('/status', { key })).status).toBe(429)
    }
    clock.set(start + WINDOW_MS)
    expect((await call('/status', { key })).status).toBe(200)
  })

  it('limits each key on its own, even within one project', async () => {
    const { call, issue } = await makeSandbox()
    const first = await issue(['status.read'])
    const second = await issue(['status.read'])
    for (let i = 0; i < 120; i++) await call('/status', { key: first.key })
    expect((await call('/status', { key: first.key })).status).toBe(429)
    const other = await call('/status', { key: second.key })
    expect(other.status).toBe(200)
    expect(rateHeaders(other.headers).remaining).toBe(119)
  })

  it('counts refusals after the rate check (403, 400, 422) against the limit', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['tools.validate'])
    const forbidden = await call('/status', { key })
    expect(forbidden.status).toBe(403)
    expect(rateHeaders(forbidden.headers).remaining).toBe(119)
    const malformed = await call('/tools/validate', { key, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' })
    expect(malformed.status).toBe(400)
    expect(rateHeaders(malformed.headers).remaining).toBe(118)
    const invalid = await call('/tools/validate', {
      key,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"manifest":{}}',
    })
    expect(invalid.status).toBe(422)
    expect(rateHeaders(invalid.headers).remaining).toBe(117)
  })

  it('follows the sandbox clock backwards: stamps in the future no longer block the key', async () => {
    const { call, issue, clock } = await makeSandbox()
    const { key } = await issue(['status.read'])
    const start = clock.now()
    for (let i = 0; i < 120; i++) await call('/status', { key })
    expect((await call('/status', { key })).status).toBe(429)
    clock.set(start - 3_600_000)
    const accepted = await call('/status', { key })
    expect(accepted.status).toBe(200)
    expect(rateHeaders(accepted.headers).remaining).toBe(119)
  })
})

describe('headers on every response', () => {
  it('carries X-RateLimit-Limit, -Remaining and -Reset on errors without a key too (a full, unused window)', async () => {
    const { call, clock } = await makeSandbox()
    const cases = [
      await call('/status'),
      await call('/nope'),
      await call('/status', { method: 'POST' }),
      await call('/status', { headers: { 'X-Request-ID': 'bad id' } }),
      await call('/status', { headers: { Authorization: `Bearer svc_test_${'A'.repeat(43)}` } }),
    ]
    for (const result of cases) {
      expect(result.status).toBeGreaterThanOrEqual(400)
      expect(rateHeaders(result.headers)).toEqual({ limit: 120, remaining: 120, reset: Math.ceil(clock.now() / 1000) })
      expect(result.headers.get('Retry-After')).toBeNull()
    }
  })
})

describe('concurrency', () => {
  it('admits exactly 120 of 200 concurrent requests of one key', async () => {
    const { sandbox, issue } = await makeSandbox()
    const { key } = await issue(['status.read'])
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        sandbox.handle(new Request('http://sandbox.test/api/developer/v1/status', { headers: { Authorization: `Bearer ${key}` } })),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(120)
    expect(statuses.filter((status) => status === 429)).toHaveLength(80)
    const remaining = responses.filter((response) => response.status === 200).map((response) => rateHeaders(response.headers).remaining)
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i))
  })

  it('admits exactly 120 in total when two instances over one database burst concurrently', async () => {
    const indexedDB = new IDBFactory()
    const clock = testClock()
    const first = await createSandbox({ indexedDB, now: clock.now, databaseName: 'shared' })
    const second = await createSandbox({ indexedDB, now: clock.now, databaseName: 'shared' })
    const { key } = await first.workspace.issueKey({ scopes: SCOPES })
    const request = () => new Request('http://sandbox.test/api/developer/v1/status', { headers: { Authorization: `Bearer ${key}` } })
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? first : second).handle(request())))
    const accepted = responses.filter((response) => response.status === 200)
    expect(accepted).toHaveLength(120)
    expect(responses.filter((response) => response.status === 429)).toHaveLength(80)
    // Both instances took part in admitting.
    expect(responses.filter((response, i) => i % 2 === 1 && response.status === 200).length).toBeGreaterThan(0)
    expect(responses.filter((response, i) => i % 2 === 0 && response.status === 200).length).toBeGreaterThan(0)
  })
})
