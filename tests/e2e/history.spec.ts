import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { issueKey, openPlayground, send } from './support/playground.ts'

const rows = (page: Page) => page.getByTestId('history-list').locator(':scope > li')

test('after a burst, search matches the request line and the code, not bodies; filters narrow by status and operation', async ({
  page,
}) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'everything' })
  // GET /status answers with the key's scopes, which name tools.validate: a body search would find it.
  expect(await send(page, 'getProjectStatus', 8)).toBe('200')
  expect(await send(page, 'validateTool')).toBe('200')
  await page.getByLabel('Times').fill('1')
  await page.getByLabel('Method', { exact: true }).selectOption('GET')
  await page.getByLabel('URL', { exact: true }).fill('/nope')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('response-status').locator('.status-code')).toHaveText('404')

  await expect(rows(page)).toHaveCount(3)
  await expect(rows(page).nth(2)).toContainText('8 × GET /status: 8 × 200')
  await expect(page.getByTestId('history-count')).toContainText('10 requests.')

  const search = page.getByLabel('Search history')
  await search.fill('validate')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('/tools/validate')
  await expect(page.getByTestId('history-count')).toContainText('1 request matches of 10')
  await page.getByLabel('Search bodies too').check()
  await expect(rows(page)).toHaveCount(2)
  await page.getByLabel('Search bodies too').uncheck()

  await search.fill('not_found')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('/nope')
  await search.fill('')

  await page.getByLabel('Status class').selectOption('4xx')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('404')
  await page.getByLabel('Status class').selectOption('all')
  await page.getByLabel('Sent to').selectOption('getProjectStatus')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('8 × GET /status')
})

test('a burst is one row that opens onto its requests, and times read to the second', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  expect(await send(page, 'getProjectStatus', 121)).toBe('429')
  await expect(rows(page)).toHaveCount(1)
  const burst = page.getByTestId('burst-row')
  await expect(burst).toHaveText(/^121 × GET \/status: 120 × 200, 1 × 429/)
  await burst.click()
  const items = page.getByTestId('history-list').locator('li.history-item')
  await expect(items).toHaveCount(121)
  await expect(items.first()).toContainText('429')
  await expect(items.first().locator('time')).toHaveText(/\d{1,2}:\d{2}:\d{2}/)
})

test('says when older requests were dropped to keep the newest 300', async ({ page }) => {
  await openPlayground(page)
  // A full history, as 300 earlier requests would leave it.
  await page.evaluate(() => {
    const at = Date.now() - 3_600_000
    const entries = Array.from({ length: 300 }, (_, index) => ({
      id: `h_seed_${index}`,
      at: new Date(at - index * 60_000).toISOString(),
      sandboxAt: new Date(at - index * 60_000).toISOString(),
      operationId: 'getProjectStatus',
      method: 'GET',
      path: '/api/developer/v1/status',
      query: '',
      source: 'console',
      keyHint: null,
      requestHeaders: {},
      requestBody: null,
      status: 401,
      durationMs: 3,
      responseHeaders: {},
      responseBody: '{"code":"key_missing"}',
      requestId: null,
    }))
    localStorage.setItem('developer-sandbox-playground:history', JSON.stringify(entries))
  })
  await page.reload()
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
  await issueKey(page, { preset: 'getProjectStatus' })
  expect(await send(page, 'getProjectStatus', 2)).toBe('200')
  const count = page.getByTestId('history-count')
  await expect(count).toContainText('300 requests, newest 60 rows shown.')
  await expect(count).toContainText('Older requests were dropped to keep the newest 300: 2 requests no longer listed.')
  await expect(count).not.toContainText('300 of 300')
  await page.reload()
  await expect(page.getByTestId('history-count')).toContainText('2 requests no longer listed.')
})
