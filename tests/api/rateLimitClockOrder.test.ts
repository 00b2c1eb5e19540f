/**
 * Regression: a request used to read the clock before waiting for its
 * transaction. Stamps that instances ahead of it in the queue recorded were
 * then "in the future" for it, dropped, and lost: across tabs the window
 * accepted more than 120 (137 of 180 in the browser, reliability-multitab.spec.ts).
 */
import { IDBFactory } from 'fake-indexeddb'
import { expect, it } from 'vitest'
import { createSandbox, createSandboxCore } from '../../src/api/index.ts'
import { BASE } from './support/harness.ts'

it('counts the stamps other instances recorded while a request waited for the database', async () => {
  const indexedDB = new IDBFactory()
  let instant = Date.UTC(2026, 10, 22, 12)
  // Every reading of the clock is 1 ms after the one before, as real time moves on while requests wait.
  const now = () => instant++
  const first = await createSandbox({ indexedDB, now, databaseName: 'clock-order' })
  const { key } = await first.workspace.issueKey({ scopes: ['status.read'] })
  // The second instance opens its connection on its first request: that request waits while the first instance's run.
  const second = createSandboxCore({ indexedDB, now, databaseName: 'clock-order' })
  const call = async (sandbox: typeof second) =>
    (await sandbox.handle(new Request(`${BASE}/status`, { headers: { Authorization: `Bearer ${key}` } }))).status
  const late = call(second)
  const burst = Array.from({ length: 120 }, () => call(first))
  const statuses = await Promise.all([late, ...burst])
  expect(statuses.filter((status) => status === 200)).toHaveLength(120)
  expect(statuses.filter((status) => status === 429)).toHaveLength(1)
  await first.close()
  await second.close()
})
