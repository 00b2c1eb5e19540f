import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, openPlayground, send } from './support/playground.ts'

test('the authorisation-store fault answers 503 under a clear banner, and switching it off restores 200', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'dataViews' })
  await page.getByRole('switch', { name: /Authorisation store failing/ }).check()
  const banner = page.getByTestId('fault-banner')
  await expect(banner).toContainText('Fault on: the authorisation store is failing')
  await expect(banner).toContainText('503 authorization_unavailable')

  expect(await send(page, 'getProjectStatus')).toBe('503')
  await expect(page.getByTestId('problem')).toContainText('authorization_unavailable')
  await expect(page.getByTestId('problem')).toContainText('stayed closed')

  // The data views show the same state, not an empty screen.
  await goToSection(page, 'Sessions')
  await expect(page.getByTestId('problem')).toContainText('503')

  await banner.getByRole('button', { name: 'Switch the fault off' }).click()
  await expect(banner).toHaveCount(0)
  await page.getByRole('button', { name: 'Refresh Learning sessions' }).click()
  await expect(page.getByTestId('sessions')).toBeVisible()
})

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
