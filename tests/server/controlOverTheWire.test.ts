/**
 * The control API on `developer-sandbox serve`, over real HTTP: every route,
 * its refusals, the loopback rule, and durability across a restart.
 */
import { networkInterfaces } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY_LIFETIME_MS } from '../../src/api/core.ts'
import { type RunningServer, scratchFolder, startServer } from './support/sandboxServer.ts'

const TOKEN = 'control-over-the-wire-token-5f2c'
const ENV = { DEVELOPER_SANDBOX_ADMIN_TOKEN: TOKEN }

let folder: string
let server: RunningServer

async function control(method: string, path: string, body?: unknown, token: string | null = TOKEN) {
  const headers: Record<string, string> = {}
  if (token !== null) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${server.origin}/_developer-sandbox${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> }
}

async function issue(scopes: string[] = ['status.read']): Promise<{ id: string; key: string }> {
  const issued = await control('POST', '/keys', { scopes, label: 'wire' })
  expect(issued.status).toBe(201)
  return issued.body as { id: string; key: string }
}

const status = (key: string) => fetch(`${server.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })

beforeAll(async () => {
  folder = scratchFolder()
  server = await startServer(folder, ['--journal', '50'], undefined, ENV)
})
afterAll(async () => {
  await server?.stop()
})

describe('the control API on serve', () => {
  it('prints where the control API answers and where its token comes from', () => {
    expect(server.output()).toContain(`Control:  ${server.origin}/_developer-sandbox (admin token from DEVELOPER_SANDBOX_ADMIN_TOKEN)`)
  })

  it('refuses a missing or wrong token with 401 problem+json', async () => {
    const missing = await control('GET', '/requests', undefined, null)
    expect([missing.status, missing.type, missing.body.code]).toEqual([401, 'application/problem+json', 'admin_token_missing'])
    const wrong = await control('POST', '/reset', {}, `${TOKEN}x`)
    expect([wrong.status, wrong.body.code]).toEqual([401, 'admin_token_invalid'])
  })

  it('refuses a client that is not on this machine, even with the token', async () => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((item) => item && item.family === 'IPv4' && !item.internal)?.address
    expect(address, 'this test needs a non-loopback IPv4 address').toBeDefined()
    const open = await startServer(scratchFolder(), ['--host', '0.0.0.0'], undefined, ENV)
    try {
      const response = await fetch(`http://${address}:${open.port}/_developer-sandbox/clock`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      })
      expect(response.status).toBe(403)
      expect(((await response.json()) as { code: string }).code).toBe('control_forbidden')
      const local = await fetch(`http://127.0.0.1:${open.port}/_developer-sandbox/clock`, { headers: { Authorization: `Bearer ${TOKEN}` } })
      expect(local.status).toBe(200)
    } finally {
      await open.stop()
    }
  })

  it('resets, jumps the clock past a key expiry, and goes back to real time', async () => {
    expect((await control('POST', '/reset')).status).toBe(200)
    const { key } = await issue()
    expect((await status(key)).status).toBe(200)
    const moved = await control('PUT', '/clock', { advanceMs: KEY_LIFETIME_MS + 60_000 })
    expect(moved.body.offsetMs).toBe(KEY_LIFETIME_MS + 60_000)
    expect((await status(key)).status).toBe(401)
    expect((await control('DELETE', '/clock')).body.offsetMs).toBe(0)
    expect((await status(key)).status).toBe(200)
  })

  it('injects one 503 for the next request, then a latency, then clears', async () => {
    const { key } = await issue()
    await control('PUT', '/faults', { authorizationUnavailable: true, count: 1 })
    expect((await status(key)).status).toBe(503)
    expect((await status(key)).status).toBe(200)
    await control('PUT', '/faults', { latencyMs: 200, operations: ['getProjectStatus'] })
    const started = performance.now()
    await status(key)
    expect(performance.now() - started).toBeGreaterThanOrEqual(190)
    expect((await control('DELETE', '/faults')).body).toEqual({
      authorizationUnavailable: false,
      latencyMs: 0,
      operations: null,
      count: null,
    })
  })

  it('answers bad input with a 400 naming the field, and changes nothing', async () => {
    const cases: [string, string, string, string][] = [
      ['PUT', '/clock', '{"now":"2026-13-01T00:00:00Z"}', '/now'],
      ['PUT', '/clock', '{"advanceMs":1.5}', '/advanceMs'],
      ['PUT', '/faults', '{"latencyMs":-1}', '/latencyMs'],
      ['PUT', '/faults', '{"unknown":true}', '/unknown'],
      ['POST', '/reset', '{"keepKeys":1}', '/keepKeys'],
    ]
    for (const [method, path, body, pointer] of cases) {
      const refused = await control(method, path, body)
      expect(refused.status, `${method} ${path} ${body}`).toBe(400)
      expect(JSON.stringify(refused.body.errors)).toContain(pointer)
    }
    expect((await control('PUT', '/clock', 'not json')).body.code).toBe('invalid_json')
    expect((await control('GET', '/requests?limit=0')).body.code).toBe('invalid_query')
    expect((await control('GET', '/requests?colour=red')).body.code).toBe('invalid_query')
    expect((await control('GET', '/clock')).body.offsetMs).toBe(0)
    expect((await control('GET', '/faults')).body.latencyMs).toBe(0)
  })

  it('journals API requests newest first, filters them, never holds a key or its hash, and keeps within --journal', async () => {
    await control('POST', '/reset')
    const { id, key } = await issue(['status.read', 'profile.read'])
    for (let index = 0; index < 60; index++) await status(key)
    await fetch(`${server.origin}/api/developer/v1/profile`, { headers: { Authorization: `Bearer ${key}`, 'X-Note': key } })
    await fetch(`${server.origin}/api/developer/v1/nowhere`)
    const all = await control('GET', '/requests')
    const requests = all.body.requests as { path: string; operationId: string | null; status: number; keyId: string | null }[]
    expect(all.body.total).toBe(50)
    expect(requests[0]).toMatchObject({ path: '/api/developer/v1/nowhere', operationId: null, status: 404, keyId: null })
    expect(requests[1]).toMatchObject({ operationId: 'getDeveloperProfile', status: 200, keyId: id, keyLabel: 'wire' })
    const text = JSON.stringify(all.body)
    expect(text).not.toContain(key)
    expect(text).not.toMatch(/svc_test_[A-Za-z0-9_-]{43}/)
    const { createHash } = await import('node:crypto')
    expect(text).not.toContain(createHash('sha256').update(key).digest('hex'))
    expect(text).not.toContain('_developer-sandbox')
    const filtered = await control('GET', `/requests?operation=getProjectStatus&status=200&keyId=${id}&limit=2`)
    expect(filtered.body.total).toBe(48)
    expect(filtered.body.requests).toHaveLength(2)
    expect((await control('DELETE', '/requests')).body.total).toBe(0)
    expect((await control('GET', '/requests')).body.total).toBe(0)
  })

  it('exports the state, refuses a hostile import with 400, and imports a good one', async () => {
    await control('POST', '/reset')
    const { key } = await issue()
    const exported = await control('GET', '/state')
    expect(exported.body.format).toBe('developer-sandbox/workspace')
    const hostile = { ...exported.body, keys: [{ id: '__proto__', hash: 'x' }] }
    const refused = await control('PUT', '/state', hostile)
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_snapshot'])
    expect((await status(key)).status).toBe(200)
    await control('POST', '/reset')
    expect((await status(key)).status).toBe(401)
    const imported = await control('PUT', '/state', exported.body)
    expect(imported.body).toEqual({ keys: 1 })
    expect((await status(key)).status).toBe(200)
  })

  it('keeps keys on reset with keepKeys, and a reset and an import each survive a restart', async () => {
    await control('POST', '/reset')
    const kept = await issue()
    const gone = await issue()
    await control('POST', `/keys/${gone.id}/revoke`)
    await status(kept.key)
    const reset = await control('POST', '/reset', { keepKeys: true })
    expect(reset.body).toEqual({ keepKeys: true, keys: 2 })
    const usage = await fetch(`${server.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${gone.key}` } })
    expect(usage.status).toBe(401)
    await server.stop()
    server = await startServer(folder, ['--journal', '50'], undefined, ENV)
    const keys = (await control('GET', '/keys')).body as unknown as { id: string; status: string }[]
    expect(keys.map((summary) => [summary.id, summary.status]).sort()).toEqual(
      [
        [kept.id, 'active'],
        [gone.id, 'revoked'],
      ].sort(),
    )
    const exported = (await control('GET', '/state')).body
    await control('POST', '/reset')
    await server.stop()
    server = await startServer(folder, ['--journal', '50'], undefined, ENV)
    expect((await status(kept.key)).status).toBe(401)
    expect((await control('PUT', '/state', exported)).body).toEqual({ keys: 2 })
    await server.stop()
    server = await startServer(folder, ['--journal', '50'], undefined, ENV)
    expect((await status(kept.key)).status).toBe(200)
  })
})
