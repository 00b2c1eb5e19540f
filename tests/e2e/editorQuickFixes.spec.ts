/**
 * The editor's help with a broken manifest: templates listed at once,
 * problems that put the cursor on the value, and quick fixes.
 */
import { openEditorWithKey, readManifest, replaceManifest, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'

const WRONG_LAYOUT = JSON.stringify(
  {
    schema: 'service.tool/v1',
    entry: 'demo',
    permissions: [],
    display: { layout: 'tabel', icon: 'book', color: 'blue', columns: [{ name: 'Title', type: 'text' }] },
  },
  null,
  2,
)

test('lists the library and broken templates on first paint, with no key and no request', async ({ page, watch }) => {
  await page.goto('./#/editor')
  const picker = page.getByLabel('Template')
  await expect(picker.locator('option', { hasText: 'Reading log' })).toHaveCount(1)
  await expect(picker.locator('option', { hasText: 'An icon URL' })).toHaveCount(1)
  expect(watch.requests.filter((url) => url.includes('/api/developer/v1/tools'))).toEqual([])
})

test('a problem puts the cursor on the wrong value, and Ctrl+. offers the fix that makes it valid', async ({ page }) => {
  await openEditorWithKey(page)
  await replaceManifest(page, WRONG_LAYOUT)
  await waitUntilSettled(page)
  const problem = page.getByTestId('problems').locator('.problem-button')
  await expect(problem).toHaveAttribute('data-pointer', '/display/layout')
  await problem.click()
  // On the value, not the key: line 6 is `    "layout": "tabel",`, the value "tabel" ends at column 22 (the key at 13).
  await expect(page.getByTestId('cursor-position')).toHaveText('Line 6, column 22')

  // Ctrl+. opens Monaco's quick fixes for the place under the cursor: the fixes its API problem offers.
  await page.keyboard.press('Control+.')
  const fix = page.locator('.action-widget').getByText('Change to "table"')
  await expect(fix).toBeVisible()
  await fix.click()
  await waitUntilSettled(page)
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
})

test('the problem list offers the same fix as a button: too many columns cut to 24', async ({ page }) => {
  await openEditorWithKey(page)
  const columns = Array.from({ length: 26 }, (_, index) => ({ name: `Column ${index + 1}`, type: 'text' }))
  await replaceManifest(
    page,
    JSON.stringify({
      schema: 'service.tool/v1',
      entry: 'demo',
      permissions: [],
      display: { layout: 'table', icon: 'book', color: 'blue', columns },
    }),
  )
  await waitUntilSettled(page)
  const fix = page.getByTestId('quick-fix')
  await expect(fix).toHaveText('Fix: Remove the last 2 items, keeping 24')
  await fix.click()
  await waitUntilSettled(page)
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
})

test('a fix from the list that lengthens the text selects what it added, in the text it made', async ({ page }) => {
  await openEditorWithKey(page)
  const lacking = '{"schema":"service.tool/v1","entry":"k"}'
  await replaceManifest(page, lacking)
  await waitUntilSettled(page)
  const fix = page.getByTestId('quick-fix')
  await expect(fix).toHaveCount(1)
  await fix.click()
  await waitUntilSettled(page)
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
  // The fix's text is selected: copying the selection gives exactly what it added.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.keyboard.press('ControlOrMeta+C')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('"permissions"')
  const text = await readManifest(page)
  expect(text.length).toBeGreaterThan(lacking.length)
})

test('the "Permissions as a string" template offers to wrap the permission in an array, which makes it valid', async ({ page }) => {
  await openEditorWithKey(page)
  await page.getByLabel('Template').selectOption({ label: 'Permissions as a string' })
  await page.getByRole('button', { name: 'Load template' }).click()
  await waitUntilSettled(page)
  await expect(page.getByTestId('problems').locator('.problem-button')).toHaveAttribute('data-pointer', '/permissions')
  const fix = page.getByTestId('quick-fix')
  await expect(fix).toHaveText('Fix: Wrap in an array')
  await fix.click()
  await waitUntilSettled(page)
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
  expect(JSON.parse(await readManifest(page)).permissions).toEqual(['profile.read'])
})
