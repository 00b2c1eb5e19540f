/// <reference types="vitest/config" />
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vite'

/**
 * Real Chromium for the browser projects: Debian's where Playwright cannot download its own.
 * A new object per project: Vitest names each project's browser instances in place.
 */
/** Debian's headless shell (what Playwright itself runs headless), else its full browser. */
const SYSTEM_CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path))
const chromium = () => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: {
      ...(SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM } : {}),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    },
  }),
  instances: [{ browser: 'chromium' as const }],
})

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          // fake-indexeddb/auto first: the handlers module creates the sandbox over globalThis.indexedDB.
          setupFiles: ['fake-indexeddb/auto', './tests/setup.ts'],
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/browser/**'],
        },
      },
      {
        extends: true,
        // Vitest Browser Mode: the component in Chromium, answered by setupWorker over the page's IndexedDB.
        test: { name: 'browser', browser: chromium(), setupFiles: ['./tests/browser/setup.ts'], include: ['tests/browser/**/*.test.tsx'] },
      },
      {
        extends: true,
        // Every story in src/**/*.stories.tsx runs as a test, its play function the assertions.
        plugins: [storybookTest({ configDir: fileURLToPath(new URL('.storybook', import.meta.url)) })],
        test: { name: 'storybook', browser: chromium() },
      },
    ],
  },
})
