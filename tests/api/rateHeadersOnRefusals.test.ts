/**
 * A request refused before the rate check (bad X-Request-ID, 404, 405, 413,
 * a 503 of the fault switch, a body that fails to arrive) reports the window
 * of the key it carries, without counting against it; with no usable key, a
 * full window.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SCOPES } from '../../src/api/index.ts'
import type { Faults } from '../../src/api/pipeline/faults.ts'
import { expectProblem, rateHeaders } from './support/contract.ts'
import { BASE, makeSandbox, postJson } from './support/harness.ts'

const DAY_MS = 86_400_000

afterEach(() => {
  vi.restoreAllMocks()
})

/** A sandbox whose key has spent 10 of its 120 this minute; `window` is what its last 200 reported. */
async function keyThatUsedTen() {
  let faults: Faults = {}
  const sandbox = await makeSandbox({ faults: () => faults })
  const { key, id } = await sandbox.issue(SCOPES)
  let last = await sandbox.call('/status', { key })
  for (let i = 1; i < 10; i++) {
    sandbox.clock.advance(1_000)
    last = await sandbox.call('/status', { key })
  }
  const window = rateHeaders(last.headers)
  expect(window).toMatchObject({ limit: 120, remaining: 110 })
  return { ...sandbox, key, id, window, setFaults: (next: Faults) => (faults = next) }
}

describe('a refusal before the rate check, with a key that has spent 10', () => {
  it.each<[string, number, string, (key: string) => [string, RequestInit & { key?: string }]]>([
    ['a malformed X-Request-ID', 400, 'invalid_request_id', (key) => ['/status', { key, headers: { 'X-Request-ID': 'not ok' } }]],
    ['an unknown path', 404, 'not_found', (key) => ['/nope', { key }]],
    ['a method the path does not allow', 405, 'method_not_allowed', (key) => ['/status', { key, method: 'DELETE' }]],
    ['a body over 64 KB', 413, 'payload_too_large', (key) => ['/tools/validate', { key, ...postJson({ manifest: 'x'.repeat(70_000) }) }]],
  ])('reports that key’s window on %s (%i), and does not count it', async (_name, status, code, request) => {
    const { call, key, window } = await keyThatUsedTen()
    const [path, init] = request(key)
    const refused = await call(path, init)
    expectProblem(refused, status, code)
    expect(rateHeaders(refused.headers)).toEqual(window)
    const next = await call('/status', { key })
    expect(rateHeaders(next.headers).remaining).toBe(109)
  })

  it('reports that key’s window on a 503 of the authorization fault, with Retry-After, and does not count it', async () => {
    const { call, key, window, setFaults } = await keyThatUsedTen()
    setFaults({ authorization: 'unavailable' })
    const refused = await call('/status', { key })
    expectProblem(refused, 503, 'authorization_unavailable')
    expect(rateHeaders(refused.headers)).toEqual(window)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    setFaults({})
    expect(rateHeaders((await call('/status', { key })).headers).remaining).toBe(109)
  })

  it('reports that key’s window on a 500 when the body fails to arrive', async () => {
    const { sandbox, key, window } = await keyThatUsedTen()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"manifest":'))
        controller.error(new Error('socket hang up'))
      },
    })
    const answer = await sandbox.answer({
      method: 'POST',
      url: `${BASE}/tools/validate`,
      headers: new Headers({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }),
      body,
    })
    expect(answer.status).toBe(500)
    expect(answer.headers['X-RateLimit-Remaining']).toBe(String(window.remaining))
    expect(answer.headers['X-RateLimit-Reset']).toBe(String(window.reset))
  })

  it('reports the window as it stands when the refusal comes, requests that left it freed', async () => {
    const { call, clock, key } = await keyThatUsedTen()
    // The first of the ten was accepted 9 s before the last: 52 s on, it has left the window.
    clock.advance(51_500)
    const refused = await call('/nope', { key })
    expect(rateHeaders(refused.headers).remaining).toBe(111)
  })
})

describe('a refusal with no usable key', () => {
  it.each<[string, (setup: Awaited<ReturnType<typeof keyThatUsedTen>>) => Promise<RequestInit & { key?: string }>]>([
    ['no key at all', async () => ({})],
    ['a malformed key', async () => ({ headers: { Authorization: 'Bearer nope' } })],
    ['an unknown key', async () => ({ key: `svc_test_${'A'.repeat(43)}` })],
    [
      'a revoked key',
      async ({ sandbox, key, id }) => {
        await sandbox.workspace.revokeKey(id)
        return { key }
      },
    ],
    [
      'an expired key',
      async ({ clock, key }) => {
        clock.advance(181 * DAY_MS)
        return { key }
      },
    ],
  ])('reports a full, unused window on a 404 with %s', async (_name, init) => {
    const setup = await keyThatUsedTen()
    const refused = await setup.call('/nope', await init(setup))
    expect(refused.status).toBe(404)
    expect(rateHeaders(refused.headers)).toEqual({ limit: 120, remaining: 120, reset: Math.ceil(setup.clock.now() / 1000) })
  })
})
