import { API_KEY, expect, test } from './networkTest'

// The app built without its in-page sandbox (`--mode network`): every API call leaves the page and
// Playwright's routing hands it to this test's own sandbox, in the test process.

test('shows status and usage answered through Playwright routing, with no service worker', async ({ page, sandbox }) => {
  await page.goto('/')
  const status = page.getByRole('region', { name: 'Project status' })
  await expect(status.getByRole('definition').first()).toHaveText('react-app')
  await expect(status).toContainText('…0000')
  // A new sandbox: only this page's own two requests.
  await expect(page.getByRole('row', { name: /^getProjectUsage / })).toHaveText(/^getProjectUsage\s*1\s*0$/)
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0)
  const [appKey] = await sandbox.workspace.listKeys()
  expect(appKey?.lastUsedAt).not.toBeNull()
})

test('starts each test from a new sandbox: the last test’s requests are gone', async ({ page, sandbox }) => {
  await page.goto('/')
  await expect(page.getByRole('row', { name: /^getProjectUsage / })).toHaveText(/^getProjectUsage\s*1\s*0$/)
  const usage = await (await sandbox.handle(usageRequest())).json()
  expect(usage.totals).toEqual({ requests: 3, errors: 0 })
})

test('shows the reset time once the key spent its 120 requests (429)', async ({ page, sandbox, sandboxKey }) => {
  await sandbox.exhaustRateLimit(sandboxKey.key)
  await page.goto('/')
  await expect(page.getByRole('alert').first()).toHaveText(/^Too many requests: try again in \d+ seconds \(at \d\d:\d\d:\d\d UTC\)\.$/)
})

test('says the API is unavailable while the authorization fault is on (503)', async ({ page, sandbox }) => {
  sandbox.faults.authorization = 'unavailable'
  await page.goto('/')
  await expect(page.getByRole('alert')).toHaveText(Array(2).fill('The API is unavailable right now (503). Try again shortly.'))
})

/** GET /usage as the app sends it, straight to the sandbox. */
function usageRequest(): Request {
  return new Request('http://localhost/api/developer/v1/usage', { headers: { Authorization: `Bearer ${API_KEY}` } })
}
