import { execFileSync } from 'node:child_process'
import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions, testChromiumPath } from './bench/lib/chromium.ts'
import { ENGINE_NAMES } from './tests/engines/support/engine.ts'
import type { EngineOptions } from './tests/engines/support/fixtures.ts'

/**
 * End-to-end tests of the playground, run against the built site (vite build,
 * then vite preview on a free port, or on E2E_PORT when it is set). Chromium (its headless shell) comes from Debian where
 * Playwright cannot download its own (the README's "Two commands"), else Playwright's. The engine
 * journeys run in Debian's Firefox ESR and WebKitGTK too (tests/engines, decision 042).
 */
/**
 * Listens on `port` for a moment (0: any port the OS picks) and gives the port back: its number,
 * or 0 when another program holds it. In a child process, because the config is read synchronously.
 */
function tryPort(port: number): number {
  const script = `const s=require('node:net').createServer();s.once('error',()=>process.stdout.write('0'));s.listen(${port},()=>{process.stdout.write(String(s.address().port));s.close()})`
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }))
}
// Decided once, in the runner: the workers read the config again while the server holds the port.
if (!process.env.E2E_PORT_READY) {
  const pinned = process.env.E2E_PORT
  // A taken port fails here, naming it, instead of after a minute of building.
  if (pinned && tryPort(Number(pinned)) === 0)
    throw new Error(`Failed to use E2E_PORT=${pinned}: another program listens on it. Unset E2E_PORT and the suite picks a free port.`)
  process.env.E2E_PORT = pinned || String(tryPort(0))
  process.env.E2E_PORT_READY = '1'
}
const PORT = Number(process.env.E2E_PORT)
const node = 'node_modules/.bin/node'
const vite = 'node_modules/vite/bin/vite.js'
// The suite builds into its own directory, so a `vite build` into dist/ elsewhere
// (a developer, the bench) cannot swap chunks under a running test.
const SITE = `node_modules/.cache/e2e-site-${PORT}`

export default defineConfig<EngineOptions>({
  globalSetup: './tests/e2e/support/servePackage.ts',
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
    // Tracing every test made each one about a third slower; E2E_TRACE=1 keeps the trace of each failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 900 },
  },
  projects: [
    {
      name: 'chromium',
      testDir: 'tests/e2e',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 900 },
        launchOptions: chromiumLaunchOptions(testChromiumPath()),
      },
    },
    // The journeys every engine must carry, written once against tests/engines/support/engine.ts.
    ...ENGINE_NAMES.map((engineName) => ({
      name: `engine-${engineName}`,
      testDir: 'tests/engines',
      testMatch: '**/*.journey.ts',
      use: { engineName },
      // One MiniBrowser at a time: two WebKitGTK sessions beside the other engines starve each other on two cores.
      ...(engineName === 'webkit' ? { workers: 1 } : {}),
    })),
  ],
  webServer: {
    // The site's build of these sources, shared with the Docusaurus example's test and the bench
    // (scripts/site-build.mjs), copied into a folder of the suite's own.
    // Sent as the files are: gzipping the editor's code again for every test was CPU the suite had no use for.
    command: `${node} scripts/site-build.mjs --copy-to ${SITE} && PREVIEW_UNCOMPRESSED=1 ${node} ${vite} preview --outDir ${SITE} --port ${PORT} --strictPort`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    // The build alone takes 1.5 min on a busy 2-core machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
