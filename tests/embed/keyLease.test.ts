import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { createSandboxCore, type Sandbox } from '../../src/api/core.ts'
import { createKeyLease, EMBED_APP } from '../../src/embed/runtime/keyLease.ts'

let sandbox: Sandbox | undefined
afterEach(async () => {
  await sandbox?.close()
  sandbox = undefined
})

async function open() {
  sandbox = createSandboxCore({ indexedDB: new IDBFactory() })
  await sandbox.workspace.listKeys()
  return sandbox.workspace
}

describe('key lease', () => {
  it('issues one key with exactly the example scopes, for the docs-embed app, and reuses it', async () => {
    const workspace = await open()
    const hints: (string | null)[] = []
    const lease = createKeyLease({ workspace, scopes: ['status.read'], now: Date.now, onChange: (hint) => hints.push(hint) })
    const first = await lease.acquire()
    const again = await lease.acquire()
    expect(again).toBe(first)
    const keys = await workspace.listKeys()
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatchObject({ app: EMBED_APP, scopes: ['status.read'], status: 'active', label: 'docs embed' })
    expect(first?.hint).toBe(`svc_test_…${keys[0]?.lastFour}`)
    expect(hints).toEqual([null, first?.hint])
  })

  it('renews a key past 30 minutes of age, revoking the old one first', async () => {
    const workspace = await open()
    let now = 1_000_000
    const lease = createKeyLease({ workspace, scopes: ['status.read'], now: () => now })
    const first = await lease.acquire()
    now += 30 * 60_000
    const second = await lease.acquire()
    expect(second?.id).not.toBe(first?.id)
    const statuses = Object.fromEntries((await workspace.listKeys()).map((key) => [key.id, key.status]))
    expect(statuses).toEqual({ [first?.id ?? '']: 'revoked', [second?.id ?? '']: 'active' })
  })

  it('release revokes the held key; the next acquire issues a fresh one', async () => {
    const workspace = await open()
    const lease = createKeyLease({ workspace, scopes: ['usage.read'], now: Date.now })
    const first = await lease.acquire()
    await lease.release()
    expect((await workspace.listKeys()).map((key) => key.status)).toEqual(['revoked'])
    const second = await lease.acquire()
    expect(second?.id).not.toBe(first?.id)
  })

  it('serialises changes: a release racing an acquire never leaves two active keys', async () => {
    const workspace = await open()
    const lease = createKeyLease({ workspace, scopes: ['status.read'], now: Date.now })
    await Promise.all([lease.acquire(), lease.release(), lease.renew(), lease.acquire(), lease.release()])
    expect((await workspace.listKeys()).filter((key) => key.status === 'active')).toHaveLength(0)
  })

  it('issues nothing for an example that sends no key', async () => {
    const workspace = await open()
    const lease = createKeyLease({ workspace, scopes: [], now: Date.now })
    expect(await lease.acquire()).toBeUndefined()
    expect(await workspace.listKeys()).toEqual([])
  })
})
