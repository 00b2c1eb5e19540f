/**
 * A key seen before is read together with its window and usage bucket, from
 * the ids it was known by, and used from the cache while its window carries
 * the tag it was cached with; the store still decides. These pin down what
 * must not change when it is: another instance's revocation or import, a
 * snapshot carrying a tag, a clock crossing midnight between the guess and
 * the check.
 */
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createSandbox, snapshotFromFixture } from '../../src/api/index.ts'
import { KeyCache } from '../../src/api/pipeline/keyCache.ts'
import { BASE, makeSandbox, testClock } from './support/harness.ts'

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

describe('a key cached by one instance', () => {
  it('is refused at once after another instance revokes it', async () => {
    const { sandbox: first, call, store, clock } = await makeSandbox()
    const second = await createSandbox({ ...store, now: clock.now })
    const { id, key } = await first.workspace.issueKey({ scopes: ['status.read'] })
    expect((await call('/status', { key })).status).toBe(200)
    expect((await call('/status', { key })).status).toBe(200)
    await second.workspace.revokeKey(id)
    const refused = await call('/status', { key })
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('key_revoked')
  })

  it('answers with the scopes an import gave the same key record, even when the snapshot carries the tag it was cached with', async () => {
    const { sandbox: first, call, store, clock, dump } = await makeSandbox()
    const second = await createSandbox({ ...store, now: clock.now })
    const { key } = await first.workspace.issueKey({ scopes: ['status.read', 'usage.read'] })
    expect((await call('/usage', { key })).status).toBe(200)
    const exported = await second.workspace.exportState()
    expect(exported.keyActivity[0]).not.toHaveProperty('keyTag')
    const stored = (await dump()).keyActivity as Array<{ keyTag?: string }>
    const tag = stored[0]?.keyTag
    expect(typeof tag).toBe('string')
    // The same key record, with one scope fewer, and the window as the store holds it, tag and all.
    const narrowed = {
      ...exported,
      keys: exported.keys.map((record) => ({ ...record, scopes: ['status.read'] })),
      keyActivity: exported.keyActivity.map((record) => ({ ...record, keyTag: tag })),
    }
    await second.workspace.importState(narrowed)
    expect(((await dump()).keyActivity as Array<{ keyTag?: string }>)[0]).not.toHaveProperty('keyTag')
    const refused = await call('/usage', { key })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('scope_missing')
    expect((await call('/status', { key })).status).toBe(200)
  })

  it('keeps the tag another instance wrote, so two instances using one key do not keep each other reading it', async () => {
    const { sandbox: first, call, store, clock, dump } = await makeSandbox()
    const second = await createSandbox({ ...store, now: clock.now })
    const { key } = await first.workspace.issueKey({ scopes: ['status.read'] })
    expect((await call('/status', { key })).status).toBe(200)
    const tag = ((await dump()).keyActivity as Array<{ keyTag?: string }>)[0]?.keyTag
    const response = await second.handle(new Request(`${BASE}/status`, { headers: { Authorization: `Bearer ${key}` } }))
    expect(response.status).toBe(200)
    expect(((await dump()).keyActivity as Array<{ keyTag?: string }>)[0]?.keyTag).toBe(tag)
  })
})

describe('KeyCache', () => {
  const record = (index: number) => ({ id: `key-${index}`, projectId: 'p' }) as never
  it('forgets the oldest entry when full, never the one just set', () => {
    const cache = new KeyCache(() => 'tag')
    for (let index = 0; index < 4097; index++) cache.set(`hash-${index}`, record(index), `tag-${index}`)
    expect(cache.size).toBe(4096)
    expect(cache.get('hash-0')).toBeUndefined()
    expect(cache.get('hash-1')).toEqual({ key: record(1), tag: 'tag-1' })
    expect(cache.get('hash-4096')).toEqual({ key: record(4096), tag: 'tag-4096' })
  })

  it('remembers a key with the tag its window carries, and draws a new one only when it carries none', () => {
    let drawn = 0
    const cache = new KeyCache(() => `new-${++drawn}`)
    expect(cache.remember('a', record(1), 'standing')).toBe('standing')
    expect(cache.remember('b', record(2), undefined)).toBe('new-1')
    expect(drawn).toBe(1)
    expect(cache.get('a')).toEqual({ key: record(1), tag: 'standing' })
    expect(cache.get('b')).toEqual({ key: record(2), tag: 'new-1' })
  })

  it('replaces an entry set again without growing', () => {
    const cache = new KeyCache(() => 'tag')
    cache.set('h', record(1), 'a')
    cache.set('h', record(2), 'b')
    expect(cache.size).toBe(1)
    expect(cache.get('h')).toEqual({ key: record(2), tag: 'b' })
  })
})
