import { describe, expect, it } from 'vitest'
import { CONTROL_BASE_PATH, createControlHandler, isControlPath, KEY_LIFETIME_MS, type SCOPES } from '../../src/api/core.ts'
import { StoreError } from '../../src/api/store/StoreError.ts'
import { controlledSandbox, ORIGIN, TOKEN } from './support.ts'

type Scope = (typeof SCOPES)[number]

async function issued(c: ReturnType<typeof controlledSandbox>, scopes: Scope[] = ['status.read']) {
  const response = await c.control('POST', '/keys', { scopes, label: 'ci' })
  expect(response.status).toBe(201)
  return (await response.json()) as { id: string; key: string }
}

describe('the control handler', () => {
  it('names its paths', () => {
    expect(CONTROL_BASE_PATH).toBe('/_developer-sandbox')
    expect(isControlPath('/_developer-sandbox/clock')).toBe(true)
    expect(isControlPath('/_developer-sandboxes')).toBe(false)
    expect(isControlPath('/api/developer/v1/status')).toBe(false)
  })

  it('refuses a missing token and a wrong one with 401 problem+json', async () => {
    const c = controlledSandbox()
    const missing = await c.control('GET', '/clock', undefined, { token: null })
    expect(missing.status).toBe(401)
    expect(missing.headers.get('content-type')).toBe('application/problem+json')
    expect(((await missing.json()) as { code: string }).code).toBe('admin_token_missing')
    const wrong = await c.control('POST', '/reset', {}, { token: 'test-admin-token-0123456780' })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { code: string }).code).toBe('admin_token_invalid')
    const short = await c.control('GET', '/clock', undefined, { token: 'test' })
    expect(short.status).toBe(401)
  })

  it('expires a key after a clock jump, and goes back to real time on DELETE', async () => {
    const c = controlledSandbox()
    const { key } = await issued(c)
    expect((await c.api(key, '/status')).status).toBe(200)
    const moved = await c.control('PUT', '/clock', { advanceMs: KEY_LIFETIME_MS + 1000 })
    expect(moved.status).toBe(200)
    const state = (await moved.json()) as { now: string; offsetMs: number }
    expect(state.offsetMs).toBe(KEY_LIFETIME_MS + 1000)
    const expired = await c.api(key, '/status')
    expect(expired.status).toBe(401)
    expect(((await expired.json()) as { code: string }).code).toBe('key_expired')
    const back = (await (await c.control('DELETE', '/clock')).json()) as { offsetMs: number }
    expect(back.offsetMs).toBe(0)
    expect((await c.api(key, '/status')).status).toBe(200)
  })

  it('jumps the clock to an instant', async () => {
    const c = controlledSandbox()
    const state = (await (await c.control('PUT', '/clock', { now: '2030-01-02T03:04:05Z' })).json()) as { now: string }
    expect(Date.parse(state.now) - Date.parse('2030-01-02T03:04:05Z')).toBeLessThan(1000)
    expect(new Date(c.controls.clock.now()).getUTCFullYear()).toBe(2030)
  })

  it.each([
    ['/clock', 'PUT', '{not json', 'invalid_json', undefined],
    ['/clock', 'PUT', '{"advanceMs":1,"extra":true}', 'invalid_body', '/extra'],
    ['/clock', 'PUT', '{"advanceMs":"soon"}', 'invalid_body', '/advanceMs'],
    ['/clock', 'PUT', '{"now":"2026-02-30T00:00:00Z"}', 'invalid_body', '/now'],
    ['/clock', 'PUT', '{"now":"yesterday"}', 'invalid_body', '/now'],
    ['/faults', 'PUT', '{"latencyMs":-5}', 'invalid_body', '/latencyMs'],
    ['/faults', 'PUT', '{"operations":["noSuchOperation"]}', 'invalid_body', '/operations/0'],
    ['/faults', 'PUT', '{"count":0}', 'invalid_body', '/count'],
    ['/reset', 'POST', '{"keepKeys":"yes"}', 'invalid_body', '/keepKeys'],
    ['/keys', 'POST', '{"scopes":["nope"]}', 'invalid_body', '/scopes/0'],
  ])('answers %s %s %s with 400 %s naming %s, and changes nothing', async (path, method, raw, code, pointer) => {
    const c = controlledSandbox()
    const { key } = await issued(c)
    await c.api(key, '/status')
    const response = await c.control(method, path, undefined, { raw })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    const problem = (await response.json()) as { code: string; detail: string; errors?: { pointer: string }[] }
    expect(problem.code).toBe(code)
    if (pointer) {
      expect(problem.errors?.map((error) => error.pointer)).toContain(pointer)
      expect(problem.detail).toContain(pointer)
    }
    expect(c.controls.clock.offsetMs).toBe(0)
    expect(c.controls.faults.read()).toEqual({})
    expect(c.controls.journal.size).toBe(1)
    expect(await c.sandbox.workspace.listKeys()).toHaveLength(1)
  })

  it('makes the next request of one operation answer 503, then recovers', async () => {
    const c = controlledSandbox()
    const { key } = await issued(c, ['status.read', 'profile.read'])
    const set = await c.control('PUT', '/faults', { authorizationUnavailable: true, operations: ['getProjectStatus'], count: 1 })
    expect(await set.json()).toEqual({ authorizationUnavailable: true, latencyMs: 0, operations: ['getProjectStatus'], count: 1 })
    expect((await c.api(key, '/profile')).status).toBe(200)
    const failed = await c.api(key, '/status')
    expect(failed.status).toBe(503)
    expect(((await failed.json()) as { code: string }).code).toBe('authorization_unavailable')
    expect((await c.api(key, '/status')).status).toBe(200)
    expect(((await (await c.control('GET', '/faults')).json()) as { count: number }).count).toBe(0)
  })

  it('adds latency while the fault is on, and none once cleared', async () => {
    const c = controlledSandbox()
    const { key } = await issued(c)
    await c.control('PUT', '/faults', { latencyMs: 150 })
    let started = performance.now()
    expect((await c.api(key, '/status')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    expect(await (await c.control('DELETE', '/faults')).json()).toEqual({
      authorizationUnavailable: false,
      latencyMs: 0,
      operations: null,
      count: null,
    })
    started = performance.now()
    await c.api(key, '/status')
    expect(performance.now() - started).toBeLessThan(140)
  })

  it('answers unknown routes with 404 and wrong methods with 405 and Allow', async () => {
    const c = controlledSandbox()
    const missing = await c.control('GET', '/nothing')
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { code: string }).code).toBe('not_found')
    const wrong = await c.control('POST', '/clock', {})
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET, PUT, DELETE')
    const revoke = await c.control('POST', '/keys/key_nope/revoke')
    expect(revoke.status).toBe(404)
    expect(((await revoke.json()) as { code: string }).code).toBe('key_not_found')
  })

  it('answers 503 store_unavailable, logging nothing, when the store cannot answer; a defect is still a logged 500', async () => {
    const logged: string[] = []
    const c = controlledSandbox()
    const failingWith = (error: Error) =>
      createControlHandler({
        // Another tab holding a database upgrade makes every read of the store fail this way.
        workspace: {
          ...c.sandbox.workspace,
          listKeys: () => Promise.reject(error),
        },
        controls: c.controls,
        adminToken: TOKEN,
        log: (message) => logged.push(message),
      })
    const listKeys = new Request(`${ORIGIN}${CONTROL_BASE_PATH}/keys`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    const unavailable = await failingWith(new StoreError('Failed to open "developer-sandbox": no answer within 10000 ms'))(listKeys)
    expect(unavailable.status).toBe(503)
    expect(unavailable.headers.get('content-type')).toBe('application/problem+json')
    const problem = (await unavailable.json()) as { code: string; detail: string }
    expect(problem.code).toBe('store_unavailable')
    expect(problem.detail).toMatch(/store is unavailable.*Retry shortly/)
    expect(logged).toEqual([])

    const defect = await failingWith(new TypeError('x is undefined'))(listKeys.clone())
    expect(defect.status).toBe(500)
    expect(((await defect.json()) as { code: string }).code).toBe('internal_error')
    expect(logged).toHaveLength(1)
  })
})
