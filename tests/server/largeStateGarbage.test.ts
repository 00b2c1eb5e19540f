import { join } from 'node:path'
import { expect, it } from 'vitest'
import { snapshotFromFixture } from '../../src/api/core.ts'
import { openPersistentSandbox } from '../../src/server/persistentSandbox.ts'
import { numberedKeys, statusIntakePerRequest } from '../support/oldGenerationIntake.ts'
import { scratchFolder } from './support/sandboxServer.ts'

const KEYS = 20_000
const REQUESTS = 20_000

// A state of 20,000 keys, imported as the server imports one, must not turn
// every later request's copies into old-generation garbage (see MemoryTable.loaded).
// Measured: ~134 bytes a request when loaded apart (~16 before the window began with a full collection), ~1,070 through the stores’ own puts.
it('leaves the old generation alone after a large import: a request’s garbage dies young', { timeout: 60_000 }, async () => {
  const secrets = numberedKeys(KEYS)
  const exported = JSON.stringify(snapshotFromFixture({ keys: secrets.map((key) => ({ key, scopes: ['status.read'] })) }))
  const sandbox = await openPersistentSandbox({ statePath: join(scratchFolder(), 'state.db') })
  try {
    await sandbox.importExport(JSON.parse(exported), 'workspace.json')
    const { bytes, refused } = await statusIntakePerRequest((request) => sandbox.answer(request), secrets, REQUESTS)
    expect(refused).toBe(0)
    expect(bytes).toBeLessThan(200)
  } finally {
    await sandbox.close()
  }
})
