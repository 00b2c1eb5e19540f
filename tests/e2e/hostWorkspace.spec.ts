/**
 * A team workspace serves the playground at `/workspaces/<name>/`, attached
 * to that workspace: the Worker on local workerd (as `npm run team:dev` runs
 * it) with the built site as its static assets. The same key journeys as in
 * the tab and on serve, through the API and the control API only.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startTeamSandbox, type TeamSandbox } from '../../scripts/team/startTeamSandbox.ts'
import { REPOSITORY } from '../server/support/paths.ts'
import { expectKeyStatus, goToSection, issueKey, send } from './support/playground.ts'

const SUITE_PORT = Number(process.env.E2E_PORT ?? 4173)
// The suite's own build of the site (playwright.config.ts), served as the Worker's static assets.
const SITE = join(REPOSITORY, `node_modules/.cache/e2e-site-${SUITE_PORT}`)
const ADMIN_TOKEN = 'e2e-admin-token-for-the-team-playground-0123456789'

let team: TeamSandbox
let workspaceUrl: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  expect(existsSync(join(SITE, 'index.html'))).toBe(true)
  team = await startTeamSandbox({
    port: SUITE_PORT + 13,
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
})

test('issues a key, bursts to the limit, expires it by the clock, injects a fault and sees curl in the history, on the workspace', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(workspaceUrl)
  await page.getByLabel('Admin token', { exact: true }).fill(ADMIN_TOKEN)
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByTestId('admin-token-view')).toHaveCount(0)

  const { secret, lastFour } = await issueKey(page, { preset: 'getProjectStatus', app: 'team-journey' })
  const api = `${workspaceUrl}api/developer/v1/status`
  expect((await fetch(api, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(200)
  expect(await send(page, 'getProjectStatus', 120)).toBe('429')
  await expect(page.getByTestId('burst-summary')).toContainText('120 requests: 119 × 200, 1 × 429')

  await goToSection(page, 'Workspace')
  await page.getByRole('button', { name: '+181 days ahead on the sandbox clock' }).click()
  await expect(page.getByTestId('clock-shift')).toHaveText('Clock +181 days')
  await expectKeyStatus(page, lastFour, 'Expired')
  await page.getByRole('button', { name: 'Back to now' }).click()
  await expectKeyStatus(page, lastFour, 'Active')

  await page.getByRole('switch', { name: /Authorisation store failing/ }).check()
  await expect(page.getByTestId('fault-banner')).toContainText('the authorisation store is failing')
  expect((await fetch(api, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(503)
  await page.getByRole('button', { name: 'Switch the fault off' }).click()
  await expect(page.getByTestId('fault-banner')).toHaveCount(0)

  // A minute later on the workspace's clock the key may send again; curl's request shows in the page's history.
  await page.getByRole('button', { name: '+1 day ahead on the sandbox clock' }).click()
  await expect(page.getByTestId('clock-shift')).toHaveText('Clock +1 day')
  await goToSection(page, 'Request console')
  const requestId = `curl-team-${Date.now()}`
  execFileSync('curl', ['-sS', '-o', '/dev/null', '-H', `Authorization: Bearer ${secret}`, '-H', `X-Request-ID: ${requestId}`, api])
  const answered = Date.now()
  await expect(page.getByTestId('history-list').locator(`li[data-source="outside"][data-request-id="${requestId}"]`)).toHaveAttribute(
    'data-status',
    '200',
  )
  console.log(`measure: curl answer to outside row in the workspace page's history: ${Date.now() - answered} ms`)
})
