import { collectErrors, openEditorWithKey, openManifestFile, readVerdicts, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'

test('a shared link opens the same manifest for someone else', async ({ page, browser }) => {
  await openEditorWithKey(page)
  await page.getByLabel('Template').selectOption({ label: 'Asking for health data' })
  await page.getByRole('button', { name: 'Load template' }).click()
  await waitUntilSettled(page)
  const original = await readVerdicts(page)
  expect(original.apiPointers).toEqual(['/permissions/1'])

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copy share link' }).click()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(new URL(link).searchParams.get('manifest')).toBeTruthy()
  expect(new URL(link).hash).toBe('#/editor')
  // The address bar carries the manifest too, so a reload or a bookmark keeps it.
  await expect(page).toHaveURL(link)

  // Someone else: a fresh browser context, with its own storage and its own key.
  const other = await browser.newContext({ serviceWorkers: 'allow' })
  const otherPage = await other.newPage()
  const errors = collectErrors(otherPage)
  await openEditorWithKey(otherPage, link)
  await expect(otherPage.locator('.origin-note')).toHaveText('Opened from a shared link.')
  expect(await readVerdicts(otherPage)).toEqual(original)
  // Same text: its link is the very same link.
  await other.grantPermissions(['clipboard-read', 'clipboard-write'])
  await otherPage.getByRole('button', { name: 'Copy share link' }).click()
  expect(await otherPage.evaluate(() => navigator.clipboard.readText())).toBe(link)
  expect(errors).toEqual([])
  await other.close()
})

test('a link carrying hostile text opens it as text, with no dialog and no script run', async ({ page, browser }) => {
  await openEditorWithKey(page)
  await openManifestFile(page, 'hostile/hostile-valid.json')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copy share link' }).click()
  const link = await page.evaluate(() => navigator.clipboard.readText())

  const other = await browser.newContext({ serviceWorkers: 'allow' })
  const otherPage = await other.newPage()
  const errors = collectErrors(otherPage)
  const dialogs: string[] = []
  otherPage.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await openEditorWithKey(otherPage, link)
  await expect(otherPage.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
  await expect(otherPage.getByTestId('display-mock')).toBeVisible()
  expect(dialogs).toEqual([])
  expect(await otherPage.evaluate(() => (window as unknown as { __xssFired?: unknown }).__xssFired)).toBeUndefined()
  expect(errors).toEqual([])
  await other.close()
})

test('a damaged link falls back to the blank manifest instead of failing', async ({ page }) => {
  await openEditorWithKey(page, './?manifest=%%%not-lz%%%#/editor')
  await expect(page.getByTestId('origin-note')).toContainText('Blank manifest')
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
})
