import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createSandbox, SCOPES } from '../../src/api/index.ts'
import { BASE, testClock } from './support/harness.ts'
import { holdTransaction } from './support/holdTransaction.ts'

describe('a request queued behind another transaction', () => {
  it('fails closed with 503 after the transaction timeout, changing nothing, then recovers', async () => {
    const indexedDB = new IDBFactory()
    const clock = testClock()
    const sandbox = await createSandbox({ indexedDB, now: clock.now, databaseName: 'queue', transactionTimeoutMs: 100 })
    const { key } = await sandbox.workspace.issueKey({ scopes: SCOPES })
    const call = () => sandbox.handle(new Request(`${BASE}/usage`, { headers: { Authorization: `Bearer ${key}` } }))
    const held = await holdTransaction(indexedDB, 'queue', 600)
    const refused = await call()
    expect(refused.status).toBe(503)
    expect((await refused.json()).code).toBe('authorization_unavailable')
    await held.released
    const answered = await call()
    expect(answered.status).toBe(200)
    // The timed-out request was aborted whole: usage counts only the request that succeeded.
    expect((await answered.json()).totals).toEqual({ requests: 1, errors: 0 })
    await sandbox.close()
  })
})

describe('rate-limit stamps and a moving clock', () => {
  it('counts a stamp a moment in the future (another tab read the clock later and committed first)', async () => {
    const indexedDB = new IDBFactory()
    let offset = 0
    const sandbox = await createSandbox({ indexedDB, now: () => Date.UTC(2026, 10, 22) + offset })
    const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
    const call = () => sandbox.handle(new Request(`${BASE}/status`, { headers: { Authorization: `Bearer ${key}` } }))
    offset = 5
    for (let i = 0; i < 120; i++) expect((await call()).status).toBe(200)
    offset = 0
    expect((await call()).status).toBe(429)
    await sandbox.close()
  })

  it('frees a key when the clock is moved back by more than a window', async () => {
    const indexedDB = new IDBFactory()
    let offset = 181 * 86_400_000
    const sandbox = await createSandbox({ indexedDB, now: () => Date.UTC(2026, 10, 22) + offset })
    const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
    const call = () => sandbox.handle(new Request(`${BASE}/status`, { headers: { Authorization: `Bearer ${key}` } }))
    for (let i = 0; i < 120; i++) await call()
    expect((await call()).status).toBe(429)
    offset = 0
    const back = await call()
    expect(back.status).toBe(200)
    expect(back.headers.get('x-ratelimit-remaining')).toBe('119')
    await sandbox.close()
  })
})
