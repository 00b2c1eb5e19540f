import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, openPlayground, send } from './support/playground.ts'

// The README's picture is taken at the end; it replaces docs/screenshot.png only when asked
// (UPDATE_README_SCREENSHOT=1), so a test run leaves the checkout as it found it.
test('every request of a whole session stays on the page’s origin, and the README screenshot is taken', async ({
  page,
  watch,
}, testInfo) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'everything' })
  for (const operationId of ['getProjectStatus', 'validateTool', 'createWebhookTest', 'listTools'])
    expect(await send(page, operationId)).toBe('200')
  for (const section of ['Status & profile', 'Sessions', 'Webhooks', 'Usage', 'Manifest editor', 'Webhook specimens']) {
    await goToSection(page, section)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  }
  await goToSection(page, 'Usage')
  await expect(page.getByTestId('usage-chart')).toBeVisible()

  const api = watch.requests.filter((url) => url.includes('/api/developer/v1/'))
  expect(api.length).toBeGreaterThanOrEqual(9)
  // The fixture fails the test on any request to another origin; here we also
  // check that the session made requests at all (scripts, worker, API).
  expect(watch.requests.some((url) => url.endsWith('/mockServiceWorker.js'))).toBe(true)

  await goToSection(page, 'Request console')
  await page.getByLabel('Operation').selectOption('validateTool')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('response-status')).toContainText('200')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: process.env.UPDATE_README_SCREENSHOT ? 'docs/screenshot.png' : testInfo.outputPath('screenshot.png') })
})

const SITE = `http://localhost:${process.env.E2E_PORT}/`

test('says plainly when service workers are blocked, instead of hanging', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL: SITE })
  const page = await context.newPage()
  await page.goto('./')
  const problem = page.getByTestId('runtime-problem')
  await expect(problem).toBeVisible()
  await expect(problem.getByRole('heading', { level: 2 })).toHaveText(
    /Service workers are not available|The mock service worker did not start/,
  )
  await expect(problem).toContainText('How to fix it')
  await expect(page.getByTestId('worker-status')).toHaveText('Worker not available')
  await context.close()
})

test('says plainly when IndexedDB is unavailable, instead of hanging', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: SITE })
  // As in a browser whose privacy settings remove storage from the page.
  await context.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }))
  const page = await context.newPage()
  await page.goto('./')
  const problem = page.getByTestId('runtime-problem')
  await expect(problem.getByRole('heading', { level: 2 })).toHaveText('IndexedDB is blocked')
  await expect(problem).toContainText('private or incognito window')
  await context.close()
})
