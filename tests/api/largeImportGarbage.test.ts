import { expect, it } from 'vitest'
import { createSandboxCore, snapshotFromFixture } from '../../src/api/core.ts'
import { oldGenerationIntake } from '../support/oldGenerationIntake.ts'

const KEYS = 20_000
const REQUESTS = 20_000

// The same bar as the server's (tests/server/largeStateGarbage.test.ts), for a
// test suite that imports a large fixture into an in-memory sandbox (msw/node):
// importState must not train the request path's allocation sites into pretenuring.
// Measured: 10–130 bytes a request (the run decides which), ~1,200 when it put each record.
it('leaves the old generation alone after importState of a large fixture in memory', { timeout: 60_000 }, async () => {
  const secrets = Array.from({ length: KEYS }, (_, index) => `svc_test_${String(index).padStart(43, '0')}`)
  const sandbox = createSandboxCore({ memory: true })
  try {
    await sandbox.workspace.importState(snapshotFromFixture({ keys: secrets.map((key) => ({ key, scopes: ['status.read'] })) }))
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
