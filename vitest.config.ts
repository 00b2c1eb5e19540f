import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'tests/api/**/*.test.ts',
      'tests/pack/**/*.test.ts',
      'tests/app/**/*.test.ts',
      'tests/embed/**/*.test.ts',
      'tests/bridge/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
  },
})
