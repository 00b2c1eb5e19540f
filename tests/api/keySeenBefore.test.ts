/**
 * A key seen before is read together with its window and usage bucket, from
 * the ids it was known by; the store still decides. These pin down what must
 * not change when it is: another instance's import, a clock crossing
 * midnight between the guess and the check.
 */
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createSandbox, snapshotFromFixture } from '../../src/api/index.ts'
import { KeyIdCache } from '../../src/api/pipeline/keyIds.ts'
import { BASE, testClock } from './support/harness.ts'

const KEY = `svc_test_${'k'.repeat(43)}`

async function status(sandbox: Awaited<ReturnType<typeof createSandbox>>, key = KEY) {
  const response = await sandbox.handle(new Request(`${BASE}/status`, { headers: { Authorization: `Bearer ${key}` } }))
  return { status: response.status, body: (await response.json()) as { project?: { id: string; app: string }; key?: { id: string } } }
}

describe('a key seen before', () => {
  it('answers from the store, not from what it was known by, after another instance imports the same key into another project', async () => {
    const indexedDB = new IDBFactory()
    const clock = testClock()
    const first = await createSandbox({ indexedDB, now: clock.now, databaseName: 'tabs' })
    const second = await createSandbox({ indexedDB, now: clock.now, databaseName: 'tabs' })
    await first.workspace.importState(
      snapshotFromFixture({ keys: [{ key: KEY, scopes: ['status.read'], app: 'before' }] }, { now: clock.now() }),
    )
    const before = await status(second)
    expect(before.body.project?.app).toBe('before')

    await first.workspace.importState(
      snapshotFromFixture({ keys: [{ key: KEY, scopes: ['status.read'], app: 'after' }] }, { now: clock.now() }),
    )
    const after = await status(second)
    expect(after.status).toBe(200)
    expect(after.body.project?.app).toBe('after')
    expect(after.body.project?.id).not.toBe(before.body.project?.id)
    expect(after.body.key?.id).not.toBe(before.body.key?.id)
    const usage = await second.handle(new Request(`${BASE}/usage`, { headers: { Authorization: `Bearer ${KEY}` } }))
    expect(usage.status).toBe(403)
  })

  it('is refused once another instance imported a workspace without it', async () => {
    const indexedDB = new IDBFactory()
    const clock = testClock()
    const first = await createSandbox({ indexedDB, now: clock.now, databaseName: 'tabs' })
    const second = await createSandbox({ indexedDB, now: clock.now, databaseName: 'tabs' })
    await first.workspace.importState(snapshotFromFixture({ keys: [{ key: KEY, scopes: ['status.read'] }] }, { now: clock.now() }))
    expect((await status(second)).status).toBe(200)
    await first.workspace.importState(snapshotFromFixture({ keys: [] }, { now: clock.now() }))
    expect((await status(second)).status).toBe(401)
  })

  it('is counted on the day the check reads, when the clock crosses midnight after the day was guessed', async () => {
    const midnight = Date.UTC(2026, 10, 23)
    let reads = 0
    let crossAt = Number.POSITIVE_INFINITY
    // Before midnight until armed; from the second read after arming on, past it: the guess is before, the check after.
    const now = () => (++reads > crossAt ? midnight + 5 : midnight - 5)
    const sandbox = await createSandbox({ indexedDB: new IDBFactory(), now })
    const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read', 'usage.read'] })
    expect((await status(sandbox, key)).status).toBe(200)
    crossAt = reads + 1
    expect((await status(sandbox, key)).status).toBe(200)
    const usage = (await (await sandbox.handle(new Request(`${BASE}/usage`, { headers: { Authorization: `Bearer ${key}` } }))).json()) as {
      days: Array<{ date: string; operations: { getProjectStatus: { requests: number } } }>
    }
    const statusDays = usage.days.filter((day) => day.operations.getProjectStatus.requests > 0)
    expect(statusDays.map((day) => [day.date, day.operations.getProjectStatus.requests])).toEqual([
      ['2026-11-22', 1],
      ['2026-11-23', 1],
    ])
  })
})

describe('KeyIdCache', () => {
  it('forgets the oldest entry when full, never the one just set', () => {
    const cache = new KeyIdCache()
    for (let index = 0; index < 4097; index++) cache.set(`hash-${index}`, { id: `key-${index}`, projectId: 'p' })
    expect(cache.size).toBe(4096)
    expect(cache.get('hash-0')).toBeUndefined()
    expect(cache.get('hash-1')).toEqual({ id: 'key-1', projectId: 'p' })
    expect(cache.get('hash-4096')).toEqual({ id: 'key-4096', projectId: 'p' })
  })

  it('keeps only the two ids of a record it is given', () => {
    const cache = new KeyIdCache()
    cache.set('h', { id: 'key', projectId: 'p', scopes: ['status.read'] } as never)
    expect(cache.get('h')).toEqual({ id: 'key', projectId: 'p' })
  })
})
