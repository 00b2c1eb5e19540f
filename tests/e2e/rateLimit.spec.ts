import { expect, test } from './support/fixtures.ts'
import { issueKey, openPlayground, send } from './support/playground.ts'

test('the 121st request within a minute is refused with 429, and its rate-limit headers are shown', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  const started = Date.now()
  expect(await send(page, 'getProjectStatus', 121)).toBe('429')
  const elapsed = Date.now() - started
  test.info().annotations.push({ type: 'measure', description: `121 console requests through the worker in ${elapsed} ms` })
  console.log(`measure: 121 console requests (sequential, with history) in ${elapsed} ms`)

  await expect(page.getByTestId('burst-summary')).toContainText('121 requests: 120 × 200, 1 × 429')
  await expect(page.getByTestId('problem')).toContainText('rate_limited')
  const callout = page.getByTestId('rate-limit')
  await expect(callout).toContainText('X-RateLimit-Limit')
  await expect(callout).toContainText('120 per minute')
  await expect(callout.getByText('X-RateLimit-Remaining').locator('xpath=../..')).toContainText('0')
  await expect(callout).toContainText('X-RateLimit-Reset')
  await expect(callout).toContainText('Retry-After')
  await expect(callout).toContainText(/\d+ s/)
})
