import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['tests/server/support/buildServer.ts'],
    environment: 'node',
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Unit and integration tests in Node; the browser suite (tests/e2e, *.spec.ts) runs under Playwright.
        test: { name: 'unit', include: ['tests/**/*.test.ts'] },
      },
      {
        extends: true,
        // The API suites that build their sandbox with the harness, again over the memory store the
        // HTTP server runs on: one set of behaviour tests for both engines.
        test: {
          name: 'api-memory',
          include: ['tests/api/**/*.test.ts'],
          exclude: [
            'tests/api/{failClosed,fuzzRequests,generatedValidators,openapiExamples,rateLimitClockOrder,responseTypes,schemaMigration,seededRandom,sharedDatabase,transactionQueue}.test.ts',
          ],
          env: { SANDBOX_STORE: 'memory' },
        },
      },
    ],
  },
})
