import { expect, test } from './support/fixtures.ts'
import { dumpStorage, expectKeyStatus, goToSection, issueKey, openPlayground, pasteKey, send } from './support/playground.ts'

test('a reload keeps keys, history and usage, and no key is stored anywhere', async ({ page }) => {
  await openPlayground(page)
  const { secret, lastFour } = await issueKey(page, { preset: 'dataViews' })
  expect(await send(page, 'getProjectStatus')).toBe('200')
  expect(await send(page, 'getDeveloperProfile')).toBe('200')
  expect(await send(page, 'listTools')).toBe('403')
  await expect(page.getByTestId('history-list').locator('li.history-item')).toHaveCount(3)

  await page.reload()
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
  // History survives, redacted.
  const history = page.getByTestId('history-list').locator('li.history-item')
  await expect(history).toHaveCount(3)
  await expect(history.first()).toContainText('403')
  await page.getByLabel('Search history').fill('/profile')
  await expect(history).toHaveCount(1)
  await page.getByLabel('Search history').fill('')

  // Keys survive (hash only): the row is there, the secret is not.
  await goToSection(page, 'Workspace')
  await expectKeyStatus(page, lastFour, 'Active')
  await expect(page.getByLabel('Key for requests')).toHaveValue('__none__')
  await expect(page.getByText(/1 other key has no secret in this tab/)).toBeVisible()

  // Usage survives: the three requests plus this one.
  await pasteKey(page, secret)
  await goToSection(page, 'Usage')
  await expect(page.getByTestId('usage-total')).toHaveText('4 requests')
  await expect(page.getByTestId('usage-chart')).toHaveAttribute('aria-label', /4 requests and 1 error over 30 days/)

  expect(await dumpStorage(page)).not.toContain(secret)
})

test('replays a request from the history with the key chosen now', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  await page.getByRole('link', { name: 'Request console', exact: true }).click()
  await page.getByLabel('Header 1 value').fill('trace-1234')
  expect(await send(page, 'getProjectStatus')).toBe('200')
  await expect(page.getByTestId('response-status')).toContainText('trace-1234')

  await page.getByRole('button', { name: /^Replay GET \/api\/developer\/v1\/status \(200\)/ }).click()
  await expect(page.getByTestId('history-list').locator('li.history-item')).toHaveCount(2)
  await expect(page.getByTestId('history-list').locator('li.history-item').first()).toContainText('200')
})
