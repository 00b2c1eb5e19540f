/**
 * `developer-sandbox serve` serves the playground at its own origin, attached
 * to its own sandbox: the same key journeys as in the tab, reached through
 * the API and the control API only, with the admin token handed over by the
 * one-time link serve prints and kept nowhere but the page's memory.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { buildServerInto } from '../server/support/buildServer.ts'
import { REPOSITORY } from '../server/support/paths.ts'
import { type RunningServer, scratchFolder, startServer } from '../server/support/sandboxServer.ts'
import { dumpStorage, expectKeyStatus, goToSection, issueKey, send } from './support/playground.ts'

const SUITE_PORT = Number(process.env.E2E_PORT ?? 4173)
// The suite's own build of the site (playwright.config.ts), which serve ships as its playground.
const SITE = join(REPOSITORY, `node_modules/.cache/e2e-site-${SUITE_PORT}`)
const BUILD_ROOT = join(REPOSITORY, `node_modules/.cache/serve-playground-${SUITE_PORT}`)
const ADMIN_TOKEN = 'e2e-admin-token-for-serve-playground-0123456789'

let server: RunningServer
let link: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  buildServerInto(BUILD_ROOT)
  expect(existsSync(join(SITE, 'index.html'))).toBe(true)
  cpSync(SITE, join(BUILD_ROOT, 'dist-lib/playground'), { recursive: true })
  server = await startServer(scratchFolder(), ['--port', String(SUITE_PORT + 11)], join(BUILD_ROOT, 'dist-lib/server/bin.js'), {
    DEVELOPER_SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN,
  })
  link = server.output().match(/Playground: (\S+)/)?.[1] ?? ''
})

test.afterAll(async () => {
  await server?.stop()
})

/** Fails the test on anything the page logs as an error, except the answers the journeys provoke on purpose. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (401|403|429|503)/.test(message.text())) errors.push(message.text())
  })
  return errors
}

test('the one-time link opens the playground on serve, names the host, and leaves no token in the address or storage', async ({ page }) => {
  expect(link).toMatch(new RegExp(`^${server.origin}/#handover=[A-Za-z0-9_-]{16,}$`))
  const errors = watchErrors(page)
  await page.goto(link)
  await expect(page.getByTestId('worker-status')).toHaveText(`Sandbox: serve at ${server.origin}`)
  expect(page.url()).not.toContain('handover')
  // serve issued a key with every scope at start: the page lists it from serve's own state.
  await goToSection(page, 'Workspace')
  await expect(page.getByText('issued by developer-sandbox serve')).toBeVisible()
  // What only the tab can do is absent here, not broken: no remembering keys in this origin's storage, no bridge,
  // no link to the reference page (it runs a sandbox of its own in the tab).
  await expect(page.getByRole('link', { name: 'API reference' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Issue key' }).click()
  await expect(page.getByTestId('new-secret')).toHaveText(/^svc_test_/)
  await expect(page.getByText('Remember this key in this browser')).toHaveCount(0)
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  await goToSection(page, 'Request console')
  await expect(page.getByTestId('bridge-status')).toHaveAttribute('data-state', 'host')
  await expect(page.getByTestId('bridge-url')).toHaveText(`${server.origin}/api/developer/v1`)
  const stored = await dumpStorage(page)
  expect(stored).not.toContain(ADMIN_TOKEN)
  expect(errors).toEqual([])

  // The link works once: opened again, the page asks for the token instead.
  const again = await page.context().newPage()
  await again.goto(link)
  await expect(again.getByTestId('admin-token-view')).toBeVisible()
  await again.getByLabel('Admin token', { exact: true }).fill('not-the-token')
  await again.getByRole('button', { name: 'Connect' }).click()
  await expect(again.getByTestId('admin-token-view').getByRole('alert')).toContainText('admin token is wrong')
  await again.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
  // Kept in this browser only when asked: then a reload connects without asking again.
  await again.getByLabel('Remember it in this browser').check()
  await again.getByRole('button', { name: 'Connect' }).click()
  await expect(again.getByTestId('worker-status')).toHaveText(`Sandbox: serve at ${server.origin}`)
  await again.reload()
  await expect(again.getByTestId('worker-status')).toHaveText(`Sandbox: serve at ${server.origin}`)
  expect(await dumpStorage(again)).toContain(ADMIN_TOKEN)
})

test('issues a key, bursts to the limit, reads usage, expires the key by the clock and injects a fault, all on serve', async ({ page }) => {
  test.setTimeout(180_000)
  await page.goto(`${server.origin}/`)
  await page.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByTestId('worker-status')).toHaveText(`Sandbox: serve at ${server.origin}`)

  const { secret, lastFour } = await issueKey(page, { preset: 'dataViews', app: 'serve-journey' })
  // The key is serve's: curl reaches it at serve's own API, outside the page.
  const outside = await fetch(`${server.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${secret}` } })
  expect(outside.status).toBe(200)

  expect(await send(page, 'getProjectStatus', 120)).toBe('429')
  await expect(page.getByTestId('burst-summary')).toContainText('120 requests: 119 × 200, 1 × 429')
  // A day later on serve's clock the key's minute is long over: its usage can be read with it again.
  await goToSection(page, 'Workspace')
  await page.getByRole('button', { name: '+1 day ahead on the sandbox clock' }).click()
  await expect(page.getByTestId('clock-shift')).toHaveText('Clock +1 day')
  await goToSection(page, 'Usage')
  await expect(page.getByTestId('usage-total')).toHaveText(/^12\d requests$/)

  await goToSection(page, 'Workspace')
  await page.getByRole('button', { name: '+181 days ahead on the sandbox clock' }).click()
  await expect(page.getByTestId('clock-shift')).toHaveText('Clock +182 days')
  await expectKeyStatus(page, lastFour, 'Expired')
  const expired = await fetch(`${server.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${secret}` } })
  expect((await expired.json()).code).toBe('key_expired')
  await page.getByRole('button', { name: 'Back to now' }).click()
  await expect(page.getByTestId('clock-shift')).toHaveCount(0)
  await expectKeyStatus(page, lastFour, 'Active')

  await page.getByRole('switch', { name: /Authorisation store failing/ }).check()
  await expect(page.getByTestId('fault-banner')).toContainText('the authorisation store is failing')
  const faulted = await fetch(`${server.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${secret}` } })
  expect(faulted.status).toBe(503)
  await page.getByRole('button', { name: 'Switch the fault off' }).click()
  await expect(page.getByTestId('fault-banner')).toHaveCount(0)
})

test('a request curl sends to serve appears in the page’s history as it happens, with its status and request id; the page’s own do not', async ({
  page,
}) => {
  await page.goto(`${server.origin}/`)
  await page.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
  await page.getByRole('button', { name: 'Connect' }).click()
  await issueKey(page, { preset: 'getProjectStatus', app: 'serve-history' })
  expect(await send(page, 'getProjectStatus')).toBe('200')
  const history = page.getByTestId('history-list')
  await expect(history.locator('li.history-item')).toHaveCount(1)

  const requestId = `curl-${Date.now()}`
  execFileSync('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-H',
    `Authorization: Bearer ${server.key}`,
    '-H',
    `X-Request-ID: ${requestId}`,
    `${server.origin}/api/developer/v1/status`,
  ])
  const answered = Date.now()
  const row = history.locator(`li[data-source="outside"][data-request-id="${requestId}"]`)
  await expect(row).toHaveAttribute('data-status', '200')
  const shownAfter = Date.now() - answered
  test.info().annotations.push({ type: 'measure', description: `curl answer to outside row on serve: ${shownAfter} ms` })
  console.log(`measure: curl answer to outside row in serve's page history: ${shownAfter} ms (journal read every 500 ms)`)
  // The page's own request is in the history once, as the page's, not again as an outside one.
  await expect(history.locator('li[data-source="outside"]')).toHaveCount(1)
  await expect(history.locator('li.history-item')).toHaveCount(2)
})

test('exports serve’s state without a key, resets it and imports it back, from the page', async ({ page }) => {
  await page.goto(`${server.origin}/`)
  await page.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
  await page.getByRole('button', { name: 'Connect' }).click()
  const { secret, lastFour } = await issueKey(page, { preset: 'getProjectStatus', app: 'serve-export' })
  await goToSection(page, 'Workspace')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export state' }).click()
  const file = await (await download).path()
  const text = await readFile(file, 'utf8')
  expect(text).not.toContain(secret)
  expect(text).not.toContain(ADMIN_TOKEN)

  await page.getByRole('button', { name: 'Reset everything…' }).click()
  await page.getByRole('button', { name: 'Confirm reset' }).click()
  await expect(page.getByText('No keys yet.')).toBeVisible()
  expect((await fetch(`${server.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(401)

  await page.getByLabel('Choose an export file to import').setInputFiles(file)
  await expect(page.getByText(/^Imported the workspace/)).toBeVisible()
  await expectKeyStatus(page, lastFour, 'Active')
  expect((await fetch(`${server.origin}/api/developer/v1/status`, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(200)
})
