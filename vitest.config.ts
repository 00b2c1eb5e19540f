import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import SlowSuitesFirst from './tests/support/slowSuitesFirst.ts'

/** The API suites that need no engine of their own (no second tab, no injected operation or IndexedDB). */
const ENGINE_NEUTRAL_EXCLUDES =
  'tests/api/{failClosed,fuzzRequests,generatedValidators,openapiExamples,rateLimitClockOrder,responseTypes,schemaMigration,savedState.property,seededRandom,sharedDatabase,transactionQueue}.test.ts'

/**
 * The Node suites that each need a process of their own: they read the heap, test what a fresh import
 * does, check that nothing was added to the globals, or drive the app's stores, which live at module level.
 * Every other suite creates what it uses and puts back any global it replaces, so it shares its process
 * with the suites before it: a process per file cost about a second each (41 s of a 230 s run).
 */
const OWN_PROCESS = [
  'tests/app/{dataStore,historyStore,outsideHistory,playgroundImport,sandboxConnection,specimenTamper}.test.ts',
  'tests/react/sandboxComponents.test.ts',
  'tests/api/largeImportGarbage.test.ts',
  'tests/control/journalBound.test.ts',
  'tests/pack/packedPackage.test.ts',
  'tests/team/adminTokenName.test.ts',
]

export default defineConfig({
  test: {
    globalSetup: ['tests/server/support/buildServer.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Most suites wait on child processes, sockets and workerd rather than on a core: Vitest's default of
    // one worker fewer than the cores left one worker on a two-core machine (7.6 min, against 4.9 with two).
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: SlowSuitesFirst },
    projects: [
      {
        extends: true,
        // Unit and integration tests in Node; the browser suite (tests/e2e, *.spec.ts) runs under Playwright.
        test: { name: 'unit', include: ['tests/**/*.test.ts'], exclude: ['tests/workerd/**', ...OWN_PROCESS], isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit-own-process', include: OWN_PROCESS },
      },
      {
        extends: true,
        // The API suites that build their sandbox with the harness, again over the memory store the
        // HTTP server runs on: one set of behaviour tests for both engines.
        test: {
          name: 'api-memory',
          include: ['tests/api/**/*.test.ts'],
          // largeImportGarbage builds its in-memory sandbox itself: the unit project runs it already.
          exclude: [ENGINE_NEUTRAL_EXCLUDES, 'tests/api/largeImportGarbage.test.ts'],
          env: { SANDBOX_STORE: 'memory' },
          isolate: false,
        },
      },
      {
        // The same API suites inside workerd, each sandbox a workspace Durable Object of the team
        // sandbox (tests/workerd/support/durableObjectHarness.ts stands in for the harness).
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './tests/workerd/wrangler.jsonc' },
            // A property test's seed to replay reaches the isolate as a binding: workerd has no process environment.
            miniflare: { bindings: { STATE_SEED: process.env.STATE_SEED ?? '' } },
          }),
        ],
        resolve: {
          alias: [
            {
              find: /^(\.\.?\/)+(support\/)?harness\.ts$/,
              replacement: fileURLToPath(new URL('tests/workerd/support/durableObjectHarness.ts', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'api-workerd',
          testTimeout: 60_000,
          // The suites that build their sandbox with the harness: each then runs against a workspace
          // object. Left out: the pure-function suites (nothing of a host in them; each file costs an
          // isolate start), and those that test a host's traits rather than the API's rules: errorPath
          // injects operations, largeImportGarbage reads Node's GC profiler, input counts body pulls (a
          // Durable Object's stub pulls the first chunk while it forwards), the path property sends
          // hosts workerd's fetch refuses to route, and workspace runs a second core beside the first
          // over one store (a workspace has one object).
          include: [
            'tests/api/{checkOrder,fixture,headAndChallenge,iJsonBodies,keyStates,knownKeys,manifestContract,openapiConformance,operations,preview,rateLimit,secretsAtRest,usage,webhookSpecimen}.test.ts',
            'tests/workerd/**/*.test.ts',
          ],
        },
      },
    ],
  },
})
