import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Unit and integration tests in Node; the browser suite (tests/e2e, *.spec.ts) runs under Playwright.
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/server/support/buildServer.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
})
