/** The workspace Durable Object inside workerd: what it keeps in its SQL storage, and when. */
import { runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { namespace, ORIGIN, TOKEN } from './support/suite.ts'

const admin = (path: string, init: RequestInit = {}, token = TOKEN) =>
  SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } })

async function rows(name: string): Promise<Record<string, unknown>[]> {
  return runInDurableObject(namespace.get(namespace.idFromName(name)), (_object, state) =>
    state.storage.sql.exec('SELECT store, key, value FROM records ORDER BY store, key').toArray(),
  )
}

describe('the workspace Durable Object', () => {
  it('writes a key before answering, and a request’s counts only when its alarm runs, compactly', async () => {
    const issued = await admin('/_developer-sandbox/keys', { method: 'POST', body: JSON.stringify({ scopes: ['status.read'] }) })
    expect(issued.status).toBe(201)
    const { id, key } = (await issued.json()) as { id: string; key: string }
    expect((await rows('default')).filter((row) => row.store === 'keys').map((row) => row.key)).toEqual([JSON.stringify(id)])

    for (let index = 0; index < 5; index++) {
      const response = await SELF.fetch(`${ORIGIN}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })
      expect(response.status).toBe(200)
    }
    expect((await rows('default')).some((row) => row.store === 'keyActivity')).toBe(false)

    expect(await runDurableObjectAlarm(namespace.get(namespace.idFromName('default')))).toBe(true)
    const saved = await rows('default')
    const activity = saved.find((row) => row.store === 'keyActivity')
    expect(JSON.parse(String(activity?.value))).toMatchObject({ keyId: id, d: expect.any(String) })
    const usage = saved.filter((row) => row.store === 'usage').map((row) => JSON.parse(String(row.value)))
    expect(usage).toEqual([expect.objectContaining({ operationId: 'getProjectStatus', requests: 5, errors: 0 })])
  })

  it('refuses a wrong admin token with 401 and writes nothing', async () => {
    const keysBefore = (await rows('default')).filter((row) => row.store === 'keys')
    const refused = await admin('/_developer-sandbox/keys', { method: 'POST', body: JSON.stringify({ scopes: ['status.read'] }) }, 'nope')
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { code: string }).code).toBe('admin_token_invalid')
    expect((await rows('default')).filter((row) => row.store === 'keys')).toEqual(keysBefore)
  })

  it('answers a workspace the admin has not created with 404, and serves it once created', async () => {
    const before = await SELF.fetch(`${ORIGIN}/workspaces/preview-42/api/developer/v1/status`)
    expect(before.status).toBe(404)
    expect(((await before.json()) as { code: string }).code).toBe('workspace_not_found')
    expect((await admin('/_developer-sandbox/workspaces/preview-42', { method: 'PUT' })).status).toBe(201)
    const after = await SELF.fetch(`${ORIGIN}/workspaces/preview-42/api/developer/v1/status`)
    expect(((await after.json()) as { code: string }).code).toBe('key_missing')
  })

  it('mounts the control API: the request journal and the clock of the workspace', async () => {
    await admin('/_developer-sandbox/workspaces/control-check', { method: 'PUT' })
    const base = '/workspaces/control-check'
    await SELF.fetch(`${ORIGIN}${base}/api/developer/v1/status`)
    const journal = await admin(`${base}/_developer-sandbox/requests`)
    expect(journal.status).toBe(200)
    expect(await journal.text()).toContain('/api/developer/v1/status')
    const clock = await admin(`${base}/_developer-sandbox/clock`)
    expect(clock.status).toBe(200)
    const refused = await admin(`${base}/_developer-sandbox/requests`, {}, 'wrong')
    expect(refused.status).toBe(401)
  })

  it('is driven through the control API as serve is: a fault for the next request, a clock past expiry, a reset', async () => {
    await admin('/_developer-sandbox/workspaces/driven', { method: 'PUT' })
    const base = '/workspaces/driven'
    const issued = await admin(`${base}/_developer-sandbox/keys`, { method: 'POST', body: JSON.stringify({ scopes: ['status.read'] }) })
    const { key } = (await issued.json()) as { key: string }
    const status = () => SELF.fetch(`${ORIGIN}${base}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${key}` } })

    const fault = await admin(`${base}/_developer-sandbox/faults`, {
      method: 'PUT',
      body: JSON.stringify({ authorizationUnavailable: true, count: 1 }),
    })
    expect(fault.status).toBe(200)
    const unavailable = await status()
    expect(unavailable.status).toBe(503)
    expect(unavailable.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await status()).status).toBe(200)

    const moved = await admin(`${base}/_developer-sandbox/clock`, { method: 'PUT', body: JSON.stringify({ advanceMs: 181 * 86_400_000 }) })
    expect(((await moved.json()) as { offsetMs: number }).offsetMs).toBe(181 * 86_400_000)
    const expired = await status()
    expect(expired.status).toBe(401)
    expect(((await expired.json()) as { code: string }).code).toBe('key_expired')

    const bad = await admin(`${base}/_developer-sandbox/faults`, { method: 'PUT', body: JSON.stringify({ latencyMs: -1 }) })
    expect(bad.status).toBe(400)

    expect((await admin(`${base}/_developer-sandbox/reset`, { method: 'POST', body: '{}' })).status).toBe(200)
    const gone = await status()
    expect(((await gone.json()) as { code: string }).code).toBe('key_invalid')
    const journal = (await (await admin(`${base}/_developer-sandbox/requests`)).json()) as { total: number }
    expect(journal.total).toBe(1)
  })
})
