import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, openPlayground, send } from './support/playground.ts'

const status = (page: Page) => page.getByTestId('response-status').locator('.status-code')
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true })

async function target(page: Page, method: string, url: string): Promise<void> {
  await page.getByLabel('Method', { exact: true }).selectOption(method)
  await page.getByLabel('URL', { exact: true }).fill(url)
}

test('replay sends the history entry exactly once, whatever "Times" says', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  expect(await send(page, 'getProjectStatus', 6)).toBe('200')
  const history = page.getByTestId('history-list')
  await expect(history.getByTestId('burst-row')).toHaveText(/^6 × GET \/status: 6 × 200/)
  await expect(page.getByLabel('Times')).toHaveValue('6')

  await history.getByTestId('burst-row').click()
  await history
    .getByRole('button', { name: /^Replay GET \/api\/developer\/v1\/status \(200\)/ })
    .first()
    .click()
  await expect(sendButton(page).or(page.getByRole('button', { name: 'Send 6 times' }))).toBeEnabled()
  await expect(page.getByTestId('history-count')).toContainText('7 requests.')
  const remaining = page.getByTestId('rate-limit').getByText('X-RateLimit-Remaining').locator('xpath=../..')
  // 120 a minute: six from the burst and one replay leave 113.
  await expect(remaining).toContainText('113')
})

test('the URL field takes any path and query under the base, and any method: 404, 405 and unknown_query_parameter', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  await goToSection(page, 'Request console')

  await target(page, 'GET', '/nope')
  await expect(page.getByLabel('Operation')).toHaveValue('__other__')
  await sendButton(page).click()
  await expect(status(page)).toHaveText('404')
  await expect(page.getByTestId('problem')).toContainText('not_found')

  await target(page, 'DELETE', '/status')
  await sendButton(page).click()
  await expect(status(page)).toHaveText('405')
  await page.getByText(/^Headers \(/).click()
  await expect(page.locator('section.response table')).toContainText('GET')

  await target(page, 'GET', '/status?verbose=1')
  await expect(page.getByLabel('Operation')).toHaveValue('getProjectStatus')
  await sendButton(page).click()
  await expect(status(page)).toHaveText('400')
  await expect(page.getByTestId('problem')).toContainText('unknown_query_parameter')
  await expect(page.getByTestId('response-status')).toContainText('GET /api/developer/v1/status?verbose=1')

  await page.getByLabel('URL', { exact: true }).fill('/../index.html')
  await expect(page.getByTestId('url-note')).toHaveText(
    /^Failed to use "\/\.\.\/index\.html" as the URL: it leads to \/api\/developer\/index\.html/,
  )
  await expect(page.getByLabel('URL', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(sendButton(page)).toBeDisabled()

  const history = page.getByTestId('history-list').locator('li.history-item')
  await expect(history).toHaveCount(3)
  await expect(history.first()).toContainText('/status?verbose=1')
})

test('Cancel aborts a slow request at once, and the console says so', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  await page.getByRole('button', { name: '3000 ms' }).click()
  await goToSection(page, 'Request console')
  await sendButton(page).click()
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled()
  const clicked = Date.now()
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(page.getByTestId('cancelled')).toContainText('Cancelled')
  await expect(sendButton(page)).toBeEnabled()
  expect(Date.now() - clicked).toBeLessThan(2000)
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0)
  await expect(page.getByTestId('history-list').locator('li.history-item').first()).toContainText('Cancelled before the answer came.')
})

test('Ctrl+Enter and Cmd+Enter send from the body', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'validateTool' })
  await goToSection(page, 'Request console')
  await page.getByLabel('Operation').selectOption('validateTool')
  const body = page.getByLabel('JSON body')
  await body.focus()
  await page.keyboard.press('Control+Enter')
  await expect(status(page)).toHaveText('200')
  await expect(page.getByTestId('history-list').locator('li.history-item')).toHaveCount(1)
  await body.focus()
  await page.keyboard.press('Meta+Enter')
  await expect(page.getByTestId('history-list').locator('li.history-item')).toHaveCount(2)
  // The body itself was not changed by the key press.
  expect(JSON.parse(await body.inputValue())).toHaveProperty('manifest')
})

test('the response body is highlighted JSON that folds and copies as text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  expect(await send(page, 'getProjectStatus')).toBe('200')
  const response = page.locator('section.response')
  const body = response.getByTestId('response-body')
  await expect(body.locator('.json-key').first()).toBeVisible()
  await expect(body.locator('.json-string').first()).toBeVisible()
  const pretty = JSON.stringify(JSON.parse((await body.textContent()) ?? ''), null, 2)
  expect((await body.textContent())?.trim()).toBe(pretty)

  const scopes = response.getByRole('button', { name: /^Fold \/scopes \(\d+ items?\)$/ })
  await scopes.click()
  await expect(response.getByRole('button', { name: /^Unfold \/scopes/ })).toHaveAttribute('aria-expanded', 'false')
  await expect(body).toContainText('"scopes": […]')
  await response.getByRole('button', { name: 'Fold all', exact: true }).click()
  await expect(body.locator('.json-key')).toHaveCount(Object.keys(JSON.parse(pretty)).length)
  await response.getByRole('button', { name: 'Unfold all', exact: true }).click()
  expect((await body.textContent())?.trim()).toBe(pretty)

  await response.getByRole('button', { name: 'Copy response body' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pretty)
})
