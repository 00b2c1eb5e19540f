import { expect, it } from 'vitest'
import { createSandboxCore, snapshotFromFixture } from '../../src/api/core.ts'
import { numberedKeys, statusIntakePerRequest } from '../support/oldGenerationIntake.ts'

const KEYS = 20_000
const REQUESTS = 20_000

// The same bar as the server's (tests/server/largeStateGarbage.test.ts), for a
// test suite that imports a large fixture into an in-memory sandbox (msw/node):
// importState must not train the request path's allocation sites into pretenuring.
// Measured: 134–136 bytes a request from a full collection (10–343 before the window began with one), ~1,200 when it put each record.
it('leaves the old generation alone after importState of a large fixture in memory', { timeout: 60_000 }, async () => {
  const secrets = numberedKeys(KEYS)
  const sandbox = createSandboxCore({ memory: true })
  try {
    await sandbox.workspace.importState(snapshotFromFixture({ keys: secrets.map((key) => ({ key, scopes: ['status.read'] })) }))
    const { bytes, refused } = await statusIntakePerRequest((request) => sandbox.answer(request), secrets, REQUESTS)
    expect(refused).toBe(0)
    expect(bytes).toBeLessThan(200)
  } finally {
    await sandbox.close()
  }
})
