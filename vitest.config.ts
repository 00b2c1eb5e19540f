import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/pack/**/*.test.ts', 'tests/docs/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
})
