/**
 * `developer-sandbox serve` serves the playground at its own origin, attached
 * to its own sandbox: the host journeys (support/hostJourneys.ts) run there
 * through the API and the control API only, and the admin token is handed
 * over by the one-time link `serve --open` hands the browser (in a page only
 * this user can read) and kept nowhere but the page's memory.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { type RunningServer, scratchFolder, startServerOpening } from '../server/support/sandboxServer.ts'
import { SUITE_PORT } from './support/bridge.ts'
import { type HostUnderTest, runJourneys, watchPageErrors } from './support/hostJourneys.ts'
import { dumpStorage, goToSection } from './support/playground.ts'
import { SERVE_BIN, SERVE_PACKAGE } from './support/servePackage.ts'

const ADMIN_TOKEN = 'e2e-admin-token-for-serve-playground-0123456789'

let server: RunningServer
/** The page `--open` gave the browser (a `file:` URL), and the one-time link in it. */
let opened: string
let link: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  // serve as the package carries it, with the suite's site as its playground (built once a run: support/servePackage.ts).
  expect(existsSync(join(SERVE_PACKAGE, 'dist-lib/playground/index.html'))).toBe(true)
  // serve hands the one-time link to a browser only (its output here is no terminal): the test's browser opens that page.
  const started = await startServerOpening(scratchFolder(), ['--port', String(SUITE_PORT + 11)], SERVE_BIN, {
    DEVELOPER_SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN,
  })
  server = started
  opened = started.opened
  link = started.link
})

test.afterAll(async () => {
  await server?.stop()
})

test('the one-time link opens the playground on serve, names the host, and leaves no token in the address or storage', async ({ page }) => {
  expect(link).toMatch(new RegExp(`^${server.origin}/#handover=[A-Za-z0-9_-]{16,}$`))
  expect(opened).toMatch(/^file:\/\/\/.+\.html$/)
  expect(server.output()).not.toContain('#handover=')
  const errors = watchPageErrors(page)
  const sent: { url: string; authorization: string | undefined }[] = []
  page.on('request', (request) => sent.push({ url: request.url(), authorization: request.headers().authorization }))
  await page.goto(opened)
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
  // The history follows serve's journal signal; the token goes in a header to serve's own origin, never in an address.
  const signal = () => sent.find(({ url }) => url === `${server.origin}/_playground/journal-events`)
  await expect.poll(() => signal()?.authorization).toBe(`Bearer ${ADMIN_TOKEN}`)
  expect(sent.filter(({ url }) => url.includes(ADMIN_TOKEN))).toEqual([])
  expect(
    sent.filter(({ authorization }) => authorization?.includes(ADMIN_TOKEN)).every(({ url }) => url.startsWith(`${server.origin}/`)),
  ).toBe(true)
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
  // The header names the host before the token is in, so connected is the token form gone.
  await expect(again.getByTestId('admin-token-view')).toHaveCount(0)
  await expect(again.getByTestId('worker-status')).toHaveText(`Sandbox: serve at ${server.origin}`)
  await again.reload()
  await expect(again.getByTestId('worker-status')).toHaveText(`Sandbox: serve at ${server.origin}`)
  await expect(again.getByTestId('admin-token-view')).toHaveCount(0)
  expect(await dumpStorage(again)).toContain(ADMIN_TOKEN)
})

test('before its scripts run, the page serve sends links nowhere serve does not serve', async ({ page }) => {
  // The frame the build wrote into the page, as it stands while the app's modules load (here: never).
  await page.route('**/assets/**/*.js', (route) => route.abort())
  await page.goto(`${server.origin}/`)
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Workspace' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'OpenAPI document' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Docs embeds gallery' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'API reference' })).toHaveCount(0)
  expect((await fetch(`${server.origin}/gallery.html`)).status).toBe(404)
})

/** serve as the journeys see it: the page opened at serve's root, the admin token typed in. */
function serveHost(): HostUnderTest {
  return {
    name: 'serve',
    apiUrl: `${server.origin}/api/developer/v1`,
    adminToken: ADMIN_TOKEN,
    async open(page: Page) {
      await page.goto(`${server.origin}/`)
      await page.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
      await page.getByRole('button', { name: 'Connect' }).click()
      await expect(page.getByTestId('worker-status')).toHaveText(`Sandbox: serve at ${server.origin}`)
    },
  }
}

runJourneys('on serve', 'serve', serveHost)
