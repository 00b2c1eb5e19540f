import { join } from 'node:path'
import { expect, it } from 'vitest'
import { snapshotFromFixture } from '../../src/api/core.ts'
import { openPersistentSandbox } from '../../src/server/persistentSandbox.ts'
import { oldGenerationIntake } from '../support/oldGenerationIntake.ts'
import { scratchFolder } from './support/sandboxServer.ts'

const KEYS = 20_000
const REQUESTS = 20_000

// A state of 20,000 keys, imported as the server imports one, must not turn
// every later request's copies into old-generation garbage (see MemoryTable.loaded).
// Measured: ~16 bytes a request when loaded apart, ~1,070 through the stores' own puts.
it('leaves the old generation alone after a large import: a request’s garbage dies young', { timeout: 60_000 }, async () => {
  const secrets = Array.from({ length: KEYS }, (_, index) => `svc_test_${String(index).padStart(43, '0')}`)
  const exported = JSON.stringify(snapshotFromFixture({ keys: secrets.map((key) => ({ key, scopes: ['status.read'] })) }))
  const sandbox = await openPersistentSandbox({ statePath: join(scratchFolder(), 'state.db') })
  try {
    await sandbox.importExport(JSON.parse(exported), 'workspace.json')
    const request = (index: number) => {
      const authorization = `Bearer ${secrets[Math.floor(index / 100) % KEYS]}`
      return sandbox.answer({
        method: 'GET',
        url: 'http://127.0.0.1/api/developer/v1/status',
        headers: { get: (name) => (name === 'authorization' ? authorization : null) },
        body: null,
      })
    }
    for (let index = 0; index < 2_000; index++) await request(index)
    let refused = 0
    const intake = await oldGenerationIntake(async () => {
      for (let index = 2_000; index < 2_000 + REQUESTS; index++) if ((await request(index)).status !== 200) refused++
    })
    expect(refused).toBe(0)
    expect(intake / REQUESTS).toBeLessThan(200)
  } finally {
    await sandbox.close()
  }
})
