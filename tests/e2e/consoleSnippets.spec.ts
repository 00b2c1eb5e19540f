import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, openPlayground } from './support/playground.ts'

test('copies the request as curl, fetch and a typed client call, none of them carrying the key', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openPlayground(page)
  const { secret } = await issueKey(page, { preset: 'validateTool' })
  await goToSection(page, 'Request console')
  await page.getByLabel('Operation').selectOption('validateTool')
  await page.getByLabel('Header 1 value').fill('trace-42')
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText())

  await page.getByRole('button', { name: 'Copy the request as curl' }).click()
  const curl = await clipboard()
  expect(curl).toContain(`curl -i -X POST '${new URL(baseURL ?? '/', 'http://localhost').origin}/api/developer/v1/tools/validate'`)
  expect(curl).toContain('-H "Authorization: Bearer $SANDBOX_API_KEY"')
  expect(curl).toContain("-H 'X-Request-ID: trace-42'")
  expect(curl).toContain('--data-raw \'{"manifest":{"schema":"service.tool/v1"')

  await page.getByRole('button', { name: 'Copy the request as fetch' }).click()
  const fetchCode = await clipboard()
  expect(fetchCode).toContain("method: 'POST'")
  expect(fetchCode).toContain('process.env.SANDBOX_API_KEY')

  await page.getByRole('button', { name: 'Copy the request as a typed client call' }).click()
  const clientCode = await clipboard()
  expect(clientCode).toContain('client.validateTool(')
  expect(clientCode).toContain('headers: {"X-Request-ID":"trace-42"}')

  for (const code of [curl, fetchCode, clientCode]) expect(code).not.toContain(secret)
})

test('broken JSON is sent as typed and answered with a 400 that says why', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'createWebhookTest' })
  await goToSection(page, 'Request console')
  await page.getByLabel('Operation').selectOption('createWebhookTest')
  await page.getByLabel('JSON body').fill('{"message": ')
  await expect(page.getByText(/Not valid JSON/)).toBeVisible()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('response-status').locator('.status-code')).toHaveText('400')
  await expect(page.getByTestId('problem')).toContainText('invalid_json')
})
