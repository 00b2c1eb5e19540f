/**
 * The playground on the other hosts, in every engine: `serve`'s page opened
 * through its one-time hand-over link, and a team workspace's page connected
 * with the admin token. A key issued in the page answers an outside client.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTeamSandbox, type TeamSandbox } from '../../scripts/team/startTeamSandbox.ts'
import { SERVE_BIN, SUITE_SITE_DIRECTORY } from '../e2e/support/servePackage.ts'
import { type OpenedServer, scratchFolder, startServerOpening } from '../server/support/sandboxServer.ts'
import type { EnginePage } from './support/engine.ts'
import { expect, test } from './support/fixtures.ts'
import { issueKey, keyStatus } from './support/playgroundSteps.ts'
import { clickButton, fillField, waitForText } from './support/steps.ts'

const ADMIN_TOKEN = 'engine-journeys-admin-token-0123456789abcdef'

/** GET /status from outside the browser with a key issued in the page. */
async function statusFromOutside(apiUrl: string, secret: string): Promise<number> {
  return (await fetch(`${apiUrl}/status`, { headers: { Authorization: `Bearer ${secret}` } })).status
}

async function issueAndUseFromOutside(page: EnginePage, apiUrl: string, app: string): Promise<void> {
  const { secret, lastFour } = await issueKey(page, 'getProjectStatus', app)
  await keyStatus(page, lastFour, 'Active')
  expect(await statusFromOutside(apiUrl, secret)).toBe(200)
}

test.describe('serve', () => {
  let server: OpenedServer
  test.beforeAll(async () => {
    // serve hands its one-time link to a browser only (its output here is no terminal): the link is read from the page it gives one.
    server = await startServerOpening(scratchFolder(), ['--port', '0'], SERVE_BIN, { DEVELOPER_SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test("serve's playground opens through its one-time link and issues a key that curl can use", async ({ profile, engineName }) => {
    const { link } = server
    expect(link).toMatch(/#handover=/)
    const page = await profile.newPage()
    await page.goto(link ?? '')
    await waitForText(page, '[data-testid="worker-status"]', `Sandbox: serve at ${server.origin}`)
    expect(await page.evaluate(() => location.href)).not.toContain('handover')
    await issueAndUseFromOutside(page, `${server.origin}/api/developer/v1`, `engine-serve-${engineName}`)
  })
})

test.describe('team workspace', () => {
  let team: TeamSandbox
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    team = await startTeamSandbox({
      port: 0,
      persistTo: mkdtempSync(join(tmpdir(), 'engine-team-')),
      adminToken: ADMIN_TOKEN,
      playgroundDirectory: SUITE_SITE_DIRECTORY,
    })
    const created = await fetch(`${team.origin}/_developer-sandbox/workspaces/engines`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    })
    expect(created.status).toBeLessThan(300)
  })
  test.afterAll(async () => {
    await team?.stop()
  })

  test("a team workspace's page connects with the admin token and issues a key that curl can use", async ({ profile, engineName }) => {
    const workspaceUrl = `${team.origin}/workspaces/engines/`
    const page = await profile.newPage()
    await page.goto(workspaceUrl)
    await fillField(page, 'Admin token', ADMIN_TOKEN)
    await clickButton(page, 'Connect')
    await waitForText(page, '[data-testid="worker-status"]', `Sandbox: workspace engines at ${team.origin}`)
    await issueAndUseFromOutside(page, `${workspaceUrl}api/developer/v1`, `engine-team-${engineName}`)
  })
})
