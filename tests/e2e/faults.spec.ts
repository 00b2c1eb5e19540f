import { expect, test } from './support/fixtures.ts'
import { issueKey, openPlayground, send } from './support/playground.ts'

test('added latency delays every answer by at least the chosen time', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  await page.getByRole('button', { name: '1000 ms' }).click()
  await expect(page.getByTestId('fault-banner')).toContainText('Added latency: 1000 ms')
  expect(await send(page, 'getProjectStatus')).toBe('200')
  const shown = (await page.getByTestId('response-status').textContent()) ?? ''
  const ms = Number(/(\d+) ms/.exec(shown)?.[1])
  expect(ms).toBeGreaterThanOrEqual(1000)
})
