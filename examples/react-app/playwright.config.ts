import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { APP_PORT, NETWORK_PORT, SERVE_APP_PORT, SERVE_PORT } from './e2e/ports'
import { ADMIN_TOKEN, SERVE_ORIGIN, serveStatePath } from './e2e/serveTarget'

/**
 * The example app built and served by Vite, in Chromium: Debian's where Playwright cannot download its own.
 * Two builds: the app with its in-page sandbox (the service worker answers), and the app without it
 * (`--mode network`), whose API calls the network fixture answers through Playwright's routing.
 * A third build (`--mode serve`) calls a real `developer-sandbox serve`, which its tests drive through the control API.
 */
/** Debian's headless shell (what Playwright itself runs headless), else its full browser. */
const SYSTEM_CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path))
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    ...(SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  },
}

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  retries: 0,
  timeout: 30_000,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  outputDir: 'test-results',
  use: { baseURL: `http://localhost:${APP_PORT}/`, serviceWorkers: 'allow', trace: 'retain-on-failure' },
  projects: [
    { name: 'chromium', testIgnore: ['network.spec.ts', 'serve.spec.ts'], use: chromium },
    {
      name: 'network',
      testMatch: 'network.spec.ts',
      // No worker script at all: Playwright's routing is the only thing answering the API.
      use: { ...chromium, baseURL: `http://localhost:${NETWORK_PORT}/`, serviceWorkers: 'block' },
    },
    {
      name: 'serve',
      testMatch: 'serve.spec.ts',
      // The page calls serve across origins (serve's CORS admits any localhost origin).
      use: { ...chromium, baseURL: `http://localhost:${SERVE_APP_PORT}/`, serviceWorkers: 'block' },
    },
  ],
  webServer: [
    {
      command: `vite build && vite preview --port ${APP_PORT} --strictPort`,
      url: `http://localhost:${APP_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `vite build --mode network --outDir dist-network && vite preview --outDir dist-network --port ${NETWORK_PORT} --strictPort`,
      url: `http://localhost:${NETWORK_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `developer-sandbox serve --port ${SERVE_PORT} --state "${serveStatePath()}"`,
      url: `${SERVE_ORIGIN}/_developer-sandbox/openapi.json`,
      env: { DEVELOPER_SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `vite build --mode serve --outDir dist-serve && vite preview --outDir dist-serve --port ${SERVE_APP_PORT} --strictPort`,
      url: `http://localhost:${SERVE_APP_PORT}/`,
      env: { VITE_API_ORIGIN: SERVE_ORIGIN },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
