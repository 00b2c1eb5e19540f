/** Reproducible keys and ids for snapshot tests. */
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createSandbox, seededRandomBytes } from '../../src/api/index.ts'

async function issueTwo(seed: string) {
  const sandbox = await createSandbox({
    indexedDB: new IDBFactory(),
    randomBytes: seededRandomBytes(seed),
    now: () => Date.UTC(2026, 0, 1),
  })
  const first = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
  const second = await sandbox.workspace.issueKey({ scopes: ['status.read'], app: 'other' })
  const snapshot = await sandbox.workspace.exportState()
  await sandbox.close()
  return { keys: [first.key, second.key], ids: [first.id, second.id], snapshot }
}

describe('seededRandomBytes', () => {
  it('makes the same keys, ids and stored state from the same seed', async () => {
    const [a, b] = [await issueTwo('suite'), await issueTwo('suite')]
    expect(a).toEqual(b)
    expect(a.keys[0]).toMatch(/^svc_test_[A-Za-z0-9_-]{43}$/)
    expect(a.keys[0]).not.toBe(a.keys[1])
  })

  it('makes different keys from different seeds', async () => {
    const [a, b] = [await issueTwo('suite'), await issueTwo('suite-2')]
    expect(a.keys[0]).not.toBe(b.keys[0])
  })

  it('returns exactly the bytes asked for, continuing one stream across calls', () => {
    const whole = seededRandomBytes('s')(100)
    const parts = seededRandomBytes('s')
    const joined = new Uint8Array([...parts(7), ...parts(33), ...parts(60)])
    expect(joined).toEqual(whole)
    expect(new Set(whole).size).toBeGreaterThan(50)
  })
})
