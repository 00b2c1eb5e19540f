import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { createControlClient } from 'developer-sandbox/control'
import { ADMIN_TOKEN, SERVE_ORIGIN } from './serveTarget'

// The app built against a real `developer-sandbox serve` (`--mode serve`): the test drives that server
// from outside through the control API, as a suite in any language would.

const API_KEY = /^VITE_API_KEY=(.+)$/m.exec(readFileSync(new URL('../.env', import.meta.url), 'utf8'))?.[1] ?? ''
const control = createControlClient({ url: SERVE_ORIGIN, token: ADMIN_TOKEN })

let issued: Awaited<ReturnType<typeof control.issueKey>>

test.beforeEach(async () => {
  await control.reset()
  issued = await control.issueKey({ key: API_KEY, app: 'react-app', scopes: ['status.read', 'usage.read'], label: 'e2e' })
})

test('shows the status and usage serve answers for the key the control API issued', async ({ page }) => {
  await page.goto('/')
  const status = page.getByRole('region', { name: 'Project status' })
  await expect(status.getByRole('definition').first()).toHaveText('react-app')
  await expect(status).toContainText('status.read, usage.read')
  await expect(status).toContainText('…0000')
  // A fresh sandbox: only this page's own requests, and the journal saw them arrive with this key.
  await expect(page.getByRole('row', { name: /^getProjectUsage / })).toHaveText(/^getProjectUsage\s*1\s*0$/)
  const journal = await control.requests({ keyId: issued.id })
  expect(journal.requests.map((entry) => `${entry.status} ${entry.operationId}`).sort()).toEqual([
    '200 getProjectStatus',
    '200 getProjectUsage',
  ])
})

test('says the key was refused once the sandbox clock passes its expiry (401)', async ({ page }) => {
  const clock = await control.getClock()
  await control.advanceClock(Date.parse(issued.expiresAt) - Date.parse(clock.now) + 60_000)
  await page.goto('/')
  await expect(page.getByRole('alert').first()).toHaveText(/^The API key was refused: /)
  const refused = await control.requests({ status: 401 })
  expect(refused.total).toBeGreaterThanOrEqual(1)
})
