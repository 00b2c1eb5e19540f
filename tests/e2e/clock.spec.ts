import { expect, test } from './support/fixtures.ts'
import { expectKeyStatus, issueKey, openPlayground, send } from './support/playground.ts'

test('a key expires when the clock jumps 181 days: 401 key_expired, and works again back at now', async ({ page }) => {
  await openPlayground(page)
  const { lastFour } = await issueKey(page, { preset: 'getProjectStatus' })
  expect(await send(page, 'getProjectStatus')).toBe('200')

  await page.getByRole('link', { name: 'Workspace', exact: true }).click()
  await page.getByRole('button', { name: '+181 days ahead on the sandbox clock' }).click()
  await expect(page.getByTestId('clock-offset')).toHaveText('+181 days')
  await expect(page.getByTestId('clock-shift')).toHaveText('Clock +181 days')
  await expectKeyStatus(page, lastFour, 'Expired')

  expect(await send(page, 'getProjectStatus')).toBe('401')
  const problem = page.getByTestId('problem')
  await expect(problem).toContainText('key_expired')
  await expect(problem).toContainText('Keys expire 180 days after issue')

  await problem.getByRole('button', { name: 'Put the clock back to now' }).click()
  await expect(page.getByTestId('clock-shift')).toHaveCount(0)
  expect(await send(page, 'getProjectStatus')).toBe('200')
})
