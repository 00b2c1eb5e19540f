import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createSandbox } from '../../src/api/index.ts'
import { BASE, testClock } from './support/harness.ts'
import { readDatabaseFixture, writeDatabaseFixture } from './support/loadDatabaseFixture.ts'

const fixture = readDatabaseFixture('database-v1.json')
const AT_FIXTURE_TIME = Date.UTC(2026, 10, 22, 12, 0, 0)

async function upgradedSandbox(options: { openTimeoutMs?: number } = {}) {
  const indexedDB = new IDBFactory()
  await writeDatabaseFixture(indexedDB, fixture)
  const clock = testClock(AT_FIXTURE_TIME)
  const sandbox = await createSandbox({ indexedDB, now: clock.now, ...options })
  const get = (path: string, key: string) => sandbox.handle(new Request(`${BASE}${path}`, { headers: { Authorization: `Bearer ${key}` } }))
  return { sandbox, indexedDB, clock, get }
}

describe('opening a database written by schema version 1', () => {
  it('keeps every key, and the keys still authenticate by their stored hash', async () => {
    const { sandbox, get } = await upgradedSandbox()
    const keys = await sandbox.workspace.listKeys()
    expect(keys.map((key) => [key.id, key.label, key.status])).toEqual([
      ['key_fixture000002', 'key at its rate limit', 'active'],
      ['key_fixture000001', 'active v1 key', 'active'],
    ])
    const response = await get('/status', fixture.plaintextKeys.active ?? '')
    expect(response.status).toBe(200)
    expect((await response.json()).project.app).toBe('legacy-app')
  })

  it('keeps the usage history, and counts on top of it', async () => {
    const { get } = await upgradedSandbox()
    const response = await get('/usage', fixture.plaintextKeys.active ?? '')
    expect(response.status).toBe(200)
    const usage = await response.json()
    // 15 requests and 4 errors from v1 on earlier days, plus this request today.
    expect(usage.totals).toEqual({ requests: 16, errors: 4 })
    expect(usage.days.at(-2).operations.getProjectStatus).toEqual({ requests: 5, errors: 1 })
  })

  it('carries a live rate-limit window over: a key at its limit stays limited', async () => {
    const { get, clock } = await upgradedSandbox()
    const limited = fixture.plaintextKeys.limited ?? ''
    const refused = await get('/status', limited)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    clock.advance(30_000)
    expect((await get('/status', limited)).status).toBe(200)
  })

  it('moves rate-limit stamps into keyActivity and remembers when each key was last used', async () => {
    const { sandbox, indexedDB } = await upgradedSandbox()
    const keys = await sandbox.workspace.listKeys()
    expect(keys.find((key) => key.id === 'key_fixture000002')?.lastUsedAt).toBe(
      new Date(AT_FIXTURE_TIME - 30_000 + 119 * 100).toISOString(),
    )
    expect(keys.find((key) => key.id === 'key_fixture000001')?.lastUsedAt).toBeNull()
    await sandbox.close()
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open(fixture.name)
      request.onsuccess = () => resolve(request.result)
    })
    expect(db.version).toBe(2)
    expect([...db.objectStoreNames]).toContain('keyActivity')
    expect([...db.objectStoreNames]).not.toContain('rateLimits')
    db.close()
  })

  it('fails closed with 503 while an older tab blocks the upgrade, and recovers when it closes', async () => {
    const indexedDB = new IDBFactory()
    await writeDatabaseFixture(indexedDB, fixture)
    // An old tab that holds its v1 connection and ignores the request to close.
    const oldTab = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open(fixture.name, 1)
      request.onsuccess = () => resolve(request.result)
    })
    oldTab.onversionchange = null
    const clock = testClock(AT_FIXTURE_TIME)
    const { createSandboxCore } = await import('../../src/api/index.ts')
    const sandbox = createSandboxCore({ indexedDB, now: clock.now, openTimeoutMs: 200 })
    const request = () =>
      sandbox.handle(new Request(`${BASE}/status`, { headers: { Authorization: `Bearer ${fixture.plaintextKeys.active}` } }))
    const blocked = await request()
    expect(blocked.status).toBe(503)
    expect((await blocked.json()).code).toBe('authorization_unavailable')
    oldTab.close()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const recovered = await request()
    expect(recovered.status).toBe(200)
    expect((await sandbox.workspace.listKeys()).length).toBe(2)
    await sandbox.close()
  })
})
