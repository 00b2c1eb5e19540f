import { describe, expect, it } from 'vitest'
import { openPersistentCore } from '../../src/persistence/persistentCore.ts'
import type { RecordChange, StateStore } from '../../src/persistence/stateStore.ts'

/** A state store that records each write and whether it was asked to be durable. */
function recordingStore() {
  const rows = new Map<string, { store: string; value: unknown }>()
  const writes: { stores: string[]; durable: boolean }[] = []
  const store: StateStore = {
    records() {
      const byStore = new Map<string, unknown[]>()
      for (const { store: name, value } of rows.values()) byStore.set(name, [...(byStore.get(name) ?? []), value])
      return byStore
    },
    table(name) {
      const values = () => [...rows.values()].filter((row) => row.store === name).map((row) => structuredClone(row.value))
      return {
        get: (key) => structuredClone(rows.get(`${name}:${JSON.stringify(key)}`)?.value),
        getByIndex: () => {
          throw new Error('this recording store reads records whole')
        },
        getAll: values,
      }
    },
    count: (name) => [...rows.values()].filter((row) => row.store === name).length,
    write(changes: Iterable<RecordChange>, durable: boolean) {
      const list = [...changes]
      writes.push({ stores: [...new Set(list.map((change) => change.store))].sort(), durable })
      for (const change of list) {
        const id = `${change.store}:${JSON.stringify(change.key)}`
        if (change.value === undefined) rows.delete(id)
        else rows.set(id, { store: change.store, value: structuredClone(change.value) })
      }
    },
  }
  return { store, writes }
}

describe('the persistence every durable host shares', () => {
  it('saves a key change before answering, and a request’s counts only when the host’s timer fires', async () => {
    const { store, writes } = recordingStore()
    const scheduled: (() => void)[] = []
    const core = await openPersistentCore({ store, schedule: (flush) => scheduled.push(flush), log: () => {} })
    const { key } = await core.issueKey({ scopes: ['status.read'] })
    expect(writes.at(-1)?.durable).toBe(true)
    expect(writes.at(-1)?.stores).toContain('keys')
    const before = writes.length

    const response = await core.sandbox.handle(
      new Request('http://sandbox.test/api/developer/v1/status', { headers: { Authorization: `Bearer ${key}` } }),
    )
    expect(response.status).toBe(200)
    expect(writes.length).toBe(before)
    expect(scheduled.length).toBeGreaterThan(0)
    for (const flush of scheduled.splice(0)) flush()
    expect(writes.slice(before)).toEqual([{ stores: ['keyActivity', 'usage'], durable: false }])
    await core.close()
  })

  it('starts again from what it saved: keys, revocations and counts', async () => {
    const { store } = recordingStore()
    const first = await openPersistentCore({ store, schedule: () => {}, log: () => {} })
    const kept = await first.issueKey({ scopes: ['status.read'] })
    const revoked = await first.issueKey({ scopes: ['status.read'] })
    await first.revokeKey(revoked.id)
    await first.sandbox.handle(
      new Request('http://sandbox.test/api/developer/v1/status', { headers: { Authorization: `Bearer ${kept.key}` } }),
    )
    await first.close()

    const second = await openPersistentCore({ store, schedule: () => {}, log: () => {} })
    const keys = await second.listKeys()
    expect(keys.map((key) => [key.id, key.status, key.lastUsedAt !== null])).toEqual(
      expect.arrayContaining([
        [kept.id, 'active', true],
        [revoked.id, 'revoked', false],
      ]),
    )
    await second.close()
  })
})
