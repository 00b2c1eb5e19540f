import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/** The example app built and served by Vite, in Chromium: Debian's where Playwright cannot download its own. */
const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const PORT = Number(process.env.EXAMPLE_PORT ?? 4791)

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  retries: 0,
  timeout: 30_000,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  outputDir: 'test-results',
  use: { baseURL: `http://localhost:${PORT}/`, serviceWorkers: 'allow', trace: 'retain-on-failure' },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
          args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
        },
      },
    },
  ],
  webServer: {
    command: `vite build && vite preview --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
