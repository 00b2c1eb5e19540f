/**
 * What per-test isolation costs a consumer's suite under msw/node with
 * fake-indexeddb, per test: a fresh sandbox (new IDBFactory, handlers swapped
 * in) versus one shared sandbox reset, or replaced by a small fixture. Each
 * iteration is what a test's beforeEach and first request do: isolate, issue
 * a key, send `GET /status`.
 */
import { IDBFactory } from 'fake-indexeddb'
import { setupServer } from 'msw/node'
import { emit } from '../lib/emit.ts'
import { loadLibrary } from '../lib/library.ts'
import { median, round } from '../lib/stats.ts'

const ORIGIN = 'http://bench.test'

export interface TestIsolationResult {
  /** Median ms: new IDBFactory + createSandboxCore + handlers swapped in + key + one request + close. */
  freshSandboxPerTestMs: number
  /** Median ms: workspace.reset() + key + one request, one sandbox for the run. */
  resetPerTestMs: number
  /** Median ms: importState(snapshotFromFixture(three keys, three usage days)) + key + one request. */
  fixturePerTestMs: number
  iterations: number
  nonOkResponses: number
}

export async function measureTestIsolation(): Promise<TestIsolationResult> {
  const { BASE_PATH, createHandlers, createSandboxCore, snapshotFromFixture } = await loadLibrary()
  // The same count in the short CI run (~3 s): 20 rounds leave the JIT compiling (medians 1.8–2.9× the full run's),
  // a bias the regression guard would flag on every CI run.
  const iterations = 400
  const fixture = {
    keys: [
      { key: `svc_test_${'R'.repeat(43)}`, scopes: ['status.read'], status: 'revoked' },
      { key: `svc_test_${'E'.repeat(43)}`, scopes: ['status.read'], status: 'expired' },
      { key: `svc_test_${'S'.repeat(43)}`, scopes: ['usage.read'] },
    ],
    usage: [0, 1, 3].map((daysAgo) => ({ daysAgo, operationId: 'getProjectStatus', requests: 10 })),
  }
  const server = setupServer()
  server.listen({ onUnhandledFrame: 'error' })
  let nonOk = 0
  async function request(key: string): Promise<void> {
    const response = await fetch(`${ORIGIN}${BASE_PATH}/status`, { headers: { Authorization: `Bearer ${key}` } })
    await response.arrayBuffer()
    if (response.status !== 200) nonOk++
  }

  const shared = createSandboxCore({ indexedDB: new IDBFactory(), databaseName: 'bench-isolation' })
  const sharedHandlers = createHandlers(shared)
  const ways: Record<'fresh' | 'reset' | 'fixture', () => Promise<void>> = {
    async fresh() {
      const sandbox = createSandboxCore({ indexedDB: new IDBFactory(), databaseName: 'bench-isolation' })
      server.resetHandlers(...createHandlers(sandbox))
      const { key } = await sandbox.workspace.issueKey({ scopes: ['status.read'] })
      await request(key)
      await sandbox.close()
    },
    async reset() {
      server.resetHandlers(...sharedHandlers)
      await shared.workspace.reset()
      const { key } = await shared.workspace.issueKey({ scopes: ['status.read'] })
      await request(key)
    },
    async fixture() {
      server.resetHandlers(...sharedHandlers)
      await shared.workspace.importState(snapshotFromFixture(fixture))
      const { key } = await shared.workspace.issueKey({ scopes: ['status.read'] })
      await request(key)
    },
  }
  const samples: Record<keyof typeof ways, number[]> = { fresh: [], reset: [], fixture: [] }
  const order = Object.keys(ways) as Array<keyof typeof ways>
  try {
    for (const way of order) for (let i = 0; i < 10; i++) await ways[way]()
    // Rotating which way goes first spreads a disturbance of the machine over all three.
    for (let i = 0; i < iterations; i++) {
      for (let j = 0; j < order.length; j++) {
        const way = order[(i + j) % order.length] as keyof typeof ways
        const started = performance.now()
        await ways[way]()
        samples[way].push(performance.now() - started)
      }
    }
  } finally {
    server.close()
    await shared.close()
  }
  return {
    freshSandboxPerTestMs: round(median(samples.fresh)),
    resetPerTestMs: round(median(samples.reset)),
    fixturePerTestMs: round(median(samples.fixture)),
    iterations,
    nonOkResponses: nonOk,
  }
}

if (import.meta.main) emit(await measureTestIsolation())
