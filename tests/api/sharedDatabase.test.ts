/** Two sandboxes over one IDBFactory and database name are one sandbox: tabs see each other's keys at once. */
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createSandbox, SCOPES, type WorkspaceChange } from '../../src/api/index.ts'
import { expectProblem } from './support/contract.ts'
import { BASE, testClock } from './support/harness.ts'

async function pair(databaseName = 'tabs') {
  const indexedDB = new IDBFactory()
  const clock = testClock()
  const first = await createSandbox({ indexedDB, now: clock.now, databaseName })
  const second = await createSandbox({ indexedDB, now: clock.now, databaseName })
  const call = async (sandbox: typeof first, key: string, path = '/status') => {
    const response = await sandbox.handle(new Request(`${BASE}${path}`, { headers: { Authorization: `Bearer ${key}` } }))
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown }
  }
  return { indexedDB, first, second, call }
}

describe('two instances over one database', () => {
  it('refuses at once, in the second instance, a key revoked through the first', async () => {
    const { first, second, call } = await pair()
    const { id, key } = await first.workspace.issueKey({ scopes: SCOPES })
    expect((await call(second, key)).status).toBe(200)
    await first.workspace.revokeKey(id)
    expectProblem(await call(second, key), 401, 'key_revoked')
    expectProblem(await call(first, key), 401, 'key_revoked')
    expect((await second.workspace.listKeys()).map((summary) => summary.status)).toEqual(['revoked'])
  })

  it('accepts in one instance a key issued through the other, and counts usage in one place', async () => {
    const { first, second, call } = await pair()
    const { key } = await second.workspace.issueKey({ scopes: SCOPES })
    expect((await call(first, key)).status).toBe(200)
    expect((await call(second, key)).status).toBe(200)
    const usage = (await call(first, key, '/usage')).body as { totals: { requests: number } }
    expect(usage.totals.requests).toBe(3)
  })

  it('tells the other instance that keys changed', async () => {
    const { first, second } = await pair(`feed-${crypto.randomUUID()}`)
    const heard = new Promise<WorkspaceChange>((resolve) => {
      const stop = second.workspace.subscribe((change) => {
        stop()
        resolve(change)
      })
    })
    await first.workspace.issueKey({ scopes: ['status.read'] })
    expect(await heard).toEqual({ type: 'keys' })
    await first.close()
    await second.close()
  })

  it('keeps databases of different names apart on one factory', async () => {
    const indexedDB = new IDBFactory()
    const a = await createSandbox({ indexedDB, databaseName: 'a' })
    const b = await createSandbox({ indexedDB, databaseName: 'b' })
    const { key } = await a.workspace.issueKey({ scopes: ['status.read'] })
    const response = await b.handle(new Request(`${BASE}/status`, { headers: { Authorization: `Bearer ${key}` } }))
    expect(response.status).toBe(401)
    expect(await b.workspace.listKeys()).toEqual([])
  })
})
