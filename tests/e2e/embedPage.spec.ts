/** The embed page on its own: keyboard, themes, accessibility, the editable body, its key and its URL handling. */
import { expect, type Page, test } from '@playwright/test'
import { watchContext } from './fixtures/embed-host/contextWatch.ts'
import { databaseNames, sessionKeys } from './fixtures/embed-host/embedDatabase.ts'
import { axeViolations } from './support/axe.ts'

async function openExample(page: Page, query: string): Promise<void> {
  await page.goto(`embed.html?${query}`)
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled()
}

const status = (page: Page) => page.locator('.status-line .status')

test('runs from the keyboard alone', async ({ page, context }) => {
  const watch = watchContext(context, [])
  await openExample(page, 'example=get-status')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(status(page)).toHaveAttribute('data-status', '200')
  await expect(page.getByRole('status').filter({ hasText: 'Response 200 OK' })).toBeAttached()
  await expect(page.getByRole('button', { name: 'Run again' })).toBeVisible()
  expect(watch.errors).toEqual([])
})

test('Ctrl+Enter in the body runs it, exactly as typed', async ({ page }) => {
  await openExample(page, 'example=validate-tool')
  const body = page.getByLabel('Request body (JSON, sent as typed)')
  await body.fill('{"manifest": {"schema": "service.tool/v1"}}')
  await body.press('Control+Enter')
  await expect(status(page)).toHaveAttribute('data-status', '422')
  await expect(page.locator('.status-line')).toContainText('the example expects 200')
  await expect(page.getByRole('table')).toContainText('/manifest')

  await page.getByRole('button', { name: 'Restore the example body' }).click()
  await page.getByRole('button', { name: 'Run again' }).click()
  await expect(status(page)).toHaveAttribute('data-status', '200')
})

test('shows the size of a body over the limit before it is sent', async ({ page }) => {
  await openExample(page, 'example=body-too-large')
  await expect(page.locator('.body-meta')).toContainText('69,719 bytes (over the 65,536 bytes limit)')
})

test('says the full window under a request without a key belongs to no key', async ({ page }) => {
  await openExample(page, 'example=key-missing')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(status(page)).toHaveAttribute('data-status', '401')
  const headers = page.getByLabel('Rate-limit headers')
  await expect(headers).toContainText('no key was sent, so no window is counted')
  await expect(headers).not.toContainText('left in the current minute')
})

const activeKeys = async (page: Page) =>
  (await sessionKeys(page)).filter((key) => key.status === 'active').map(({ app, scopes }) => ({ app, scopes }))

test('issues its key with exactly the example scopes, in a session of its own that dies with the page', async ({ page }) => {
  await openExample(page, 'example=scope-missing')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(status(page)).toHaveAttribute('data-status', '403')
  await expect(page.locator('.problem')).toContainText('Required scope: profile.read')
  expect(await activeKeys(page)).toEqual([{ app: 'docs-embed', scopes: ['status.read'] }])

  // The next page is a new frame with a new session: nothing of the last one's is in it.
  await page.goto('embed.html')
  await openExample(page, 'example=get-profile')
  await expect.poll(() => activeKeys(page)).toEqual([{ app: 'docs-embed', scopes: ['profile.read'] }])
  expect(await databaseNames(page)).toEqual([])
})

test('revokes its key when the page is hidden and issues a new one on the next run', async ({ page }) => {
  await openExample(page, 'example=get-status')
  const authorization = page.locator('.headers').first()
  await expect(authorization).toContainText(/Bearer svc_test_…\S{4}/)
  expect(await activeKeys(page)).toHaveLength(1)

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect(authorization).toContainText('issued when you run')
  await expect.poll(() => activeKeys(page)).toEqual([])

  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(status(page)).toHaveAttribute('data-status', '200')
  expect(await activeKeys(page)).toHaveLength(1)
})

for (const theme of ['light', 'dark'] as const) {
  test(`has no accessibility violations in the ${theme} theme`, async ({ page }) => {
    await openExample(page, `example=manifest-invalid&theme=${theme}`)
    await page.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(status(page)).toHaveAttribute('data-status', '422')
    await page.getByText('Other headers').click()
    const violations = await axeViolations(page)
    expect(violations.map((violation) => `${violation.id}: ${violation.targets.join(' ')}`)).toEqual([])
  })
}

test('follows the theme parameter, else the reader’s system', async ({ page }) => {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  await openExample(page, 'example=get-status&theme=dark')
  expect(await background()).toBe('rgb(15, 20, 25)')
  await openExample(page, 'example=get-status&theme=light')
  expect(await background()).toBe('rgb(255, 255, 255)')
  await page.emulateMedia({ colorScheme: 'dark' })
  await openExample(page, 'example=get-status')
  expect(await background()).toBe('rgb(15, 20, 25)')
  await openExample(page, 'example=get-status&theme=light')
  expect(await background()).toBe('rgb(255, 255, 255)')
})

test('renders an unknown example id as text, never as markup', async ({ page }) => {
  const hostile = '<img src=x onerror="window.pwned=1">'
  await page.goto(`embed.html?example=${encodeURIComponent(hostile)}`)
  await expect(page.getByRole('heading', { name: 'Unknown example' })).toBeVisible()
  await expect(page.getByText(hostile, { exact: false })).toBeVisible()
  await expect(page.locator('img')).toHaveCount(0)
  expect(await page.evaluate(() => 'pwned' in window)).toBe(false)
  expect(await databaseNames(page)).not.toContain('developer-sandbox-embed')
})

test('without an example id, says what is missing and links to the gallery of ids', async ({ page }) => {
  await page.goto('embed.html')
  await expect(page.getByRole('heading', { name: 'Unknown example' })).toBeVisible()
  await expect(page.getByText('This embed needs ?example=<id> in its address.')).toBeVisible()
  await page.getByRole('link', { name: 'The gallery lists every example id' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Developer Sandbox: runnable examples for your docs' })).toBeVisible()
})
