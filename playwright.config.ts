import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/**
 * End-to-end tests of the playground, run against the built site (vite build,
 * then vite preview on a free port, or on E2E_PORT when it is set). Chromium comes from Debian where
 * Playwright cannot download its own (see docs/toolchain), else Playwright's.
 */
const SYSTEM_CHROMIUM = '/usr/bin/chromium'
/**
 * A port nothing listens on, asked of the OS in a child process because the config
 * is read synchronously. A developer's own servers (5173, 4173, …) are never in the way.
 */
function freePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,()=>{process.stdout.write(String(s.address().port));s.close()})"
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }))
}
// Chosen once, in the runner: the workers read the config again and must find the same port.
process.env.E2E_PORT ??= String(freePort())
const PORT = Number(process.env.E2E_PORT)
const node = 'node_modules/.bin/node'
const vite = 'node_modules/vite/bin/vite.js'
// The suite builds into its own directory, so a `vite build` into dist/ elsewhere
// (a developer, the bench) cannot swap chunks under a running test.
const SITE = `node_modules/.cache/e2e-site-${PORT}`

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/support/removeSite.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://localhost:${PORT}/`,
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 900 },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 900 },
        launchOptions: {
          ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `${node} ${vite} build --outDir ${SITE} --emptyOutDir && ${node} ${vite} preview --outDir ${SITE} --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
