/**
 * A team workspace serves the playground at `/workspaces/<name>/`, attached
 * to that workspace: the Worker on local workerd (as `npm run team:dev` runs
 * it) with the built site as its static assets. The host journeys
 * (support/hostJourneys.ts) run there through the API and the control API only.
 */
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { startTeamSandbox, type TeamSandbox } from '../../scripts/team/startTeamSandbox.ts'
import { REPOSITORY } from '../server/support/paths.ts'
import { seriousViolations } from './support/axe.ts'
import { SUITE_SITE } from './support/bridge.ts'
import { type HostUnderTest, runJourneys, watchPageErrors } from './support/hostJourneys.ts'
import { goToSection } from './support/playground.ts'

// The suite's own build of the site (playwright.config.ts), served as the Worker's static assets.
const SITE = join(REPOSITORY, SUITE_SITE)
const ADMIN_TOKEN = 'e2e-admin-token-for-the-team-playground-0123456789'

let team: TeamSandbox
let workspaceUrl: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  expect(existsSync(join(SITE, 'index.html'))).toBe(true)
  team = await startTeamSandbox({
    port: 0,
    persistTo: mkdtempSync(join(tmpdir(), 'team-playground-')),
    adminToken: ADMIN_TOKEN,
    playgroundDirectory: SITE,
  })
  const created = await fetch(`${team.origin}/_developer-sandbox/workspaces/pr-42`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  expect(created.status).toBeLessThan(300)
  workspaceUrl = `${team.origin}/workspaces/pr-42/`
})

test.afterAll(async () => {
  await team?.stop()
})

test('the workspace’s playground asks for the admin token once per browser, names the workspace, and serves no worker', async ({
  page,
}) => {
  const errors = watchPageErrors(page)
  expect((await fetch(`${team.origin}/mockServiceWorker.js`)).status).toBe(404)
  await page.goto(workspaceUrl)
  await expect(page.getByTestId('worker-status')).toHaveText(`Sandbox: workspace pr-42 at ${team.origin}`)
  await page.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
  await page.getByLabel('Remember it in this browser').check()
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByTestId('worker-status')).toHaveText(`Sandbox: workspace pr-42 at ${team.origin}`)
  await expect(page.getByTestId('admin-token-view')).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
  await expect(page.getByTestId('admin-token-view')).toHaveCount(0)
  // What only the tab can do is absent here: no link to the reference page, no remembering keys, no bridge.
  await expect(page.getByRole('link', { name: 'API reference' })).toHaveCount(0)
  await goToSection(page, 'Request console')
  await expect(page.getByTestId('bridge-status')).toHaveAttribute('data-state', 'host')
  await expect(page.getByTestId('bridge-url')).toHaveText(`${workspaceUrl}api/developer/v1`)
  expect(errors).toEqual([])
})

test('a workspace deleted under its open page: the page says it is gone, stops asking, and says so again after a reload', async ({
  browser,
  page,
}) => {
  const name = 'gone-soon'
  const admin = (method: string) =>
    fetch(`${team.origin}/_developer-sandbox/workspaces/${name}`, { method, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
  expect((await admin('PUT')).status).toBeLessThan(300)
  const notFound: number[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /status of 404/.test(message.text())) notFound.push(Date.now())
  })
  const url = `${team.origin}/workspaces/${name}/`
  await page.goto(url)
  await page.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
  await page.getByLabel('Remember it in this browser').check()
  await page.getByRole('button', { name: 'Connect' }).click()
  // Connected and following the workspace: its keys, clock, faults and journal are re-read several times a second.
  await goToSection(page, 'Request console')
  await expect(page.getByTestId('worker-status')).toHaveText(`Sandbox: workspace ${name} at ${team.origin}`)

  expect((await admin('DELETE')).status).toBeLessThan(300)
  const gone = page.getByTestId('sandbox-gone')
  await expect(gone).toBeVisible({ timeout: 5000 })
  await expect(gone.getByRole('heading', { level: 2 })).toHaveText(`The workspace "${name}" is gone`)
  await expect(gone).toContainText('it was deleted')
  // Gone is said once; the page then asks nothing more (it polled several times a second before).
  const seenWhenGone = notFound.length
  await page.waitForTimeout(2000)
  console.log(`measure: 404s logged by the page after it said the workspace is gone: ${notFound.length - seenWhenGone} in 2 s`)
  expect(notFound.length).toBe(seenWhenGone)

  // After a reload, with the token remembered: still gone, not a request for the token.
  await page.reload()
  await expect(gone).toBeVisible()
  await expect(page.getByTestId('admin-token-view')).toHaveCount(0)
  // In a browser that holds no token: gone too, found without one.
  const fresh = await browser.newContext()
  const other = await fresh.newPage()
  await other.goto(url)
  await expect(other.getByTestId('sandbox-gone')).toBeVisible()
  await expect(other.getByTestId('admin-token-view')).toHaveCount(0)
  await fresh.close()
})

/** The workspace as the journeys see it: its page, the admin token typed in. */
function workspaceHost(): HostUnderTest {
  return {
    name: 'workspace',
    apiUrl: `${workspaceUrl}api/developer/v1`,
    adminToken: ADMIN_TOKEN,
    async open(page: Page) {
      await page.goto(workspaceUrl)
      await page.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
      await page.getByRole('button', { name: 'Connect' }).click()
      await expect(page.getByTestId('admin-token-view')).toHaveCount(0)
      await expect(page.getByTestId('worker-status')).toHaveText(`Sandbox: workspace pr-42 at ${team.origin}`)
    },
  }
}

test('the admin token form, its refusal and the connected playground pass axe, in both themes', async ({ page }) => {
  const errors = watchPageErrors(page)
  const found: string[] = []
  await page.goto(workspaceUrl)
  await expect(page.getByTestId('admin-token-view')).toBeVisible()
  found.push(...(await seriousViolations(page, 'admin token form')))
  await page.getByLabel('Admin token', { exact: true }).fill('not-the-admin-token')
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByTestId('admin-token-view').getByRole('alert')).toBeVisible()
  found.push(...(await seriousViolations(page, 'admin token refused')))
  await page.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByTestId('admin-token-view')).toHaveCount(0)
  for (const theme of ['Light', 'Dark'] as const) {
    await page.getByRole('button', { name: theme, exact: true }).click()
    for (const section of ['Workspace', 'Request console'] as const) {
      await goToSection(page, section)
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      found.push(...(await seriousViolations(page, `${section}, ${theme.toLowerCase()}`)))
    }
  }
  expect(found).toEqual([])
  expect(errors).toEqual([])
})

runJourneys('on a team workspace', 'workspace', workspaceHost)
