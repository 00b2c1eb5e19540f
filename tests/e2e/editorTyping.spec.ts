/**
 * Typing is never lost: the editor owns its document and the panel follows
 * it, so fast typing and a held key land exactly as typed, whatever the
 * panel's renders and checks do meanwhile.
 */
import { editorText, openEditorWithKey, readManifest, replaceManifest, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'

/** A valid one-line manifest of exactly `length` characters, padded in its name. */
function manifestOfLength(length: number): string {
  const shape = (name: string) =>
    JSON.stringify({
      schema: 'service.tool/v1',
      name,
      entry: 'typed-fast',
      permissions: ['profile.read'],
      display: {
        layout: 'table',
        icon: 'book',
        color: 'blue',
        columns: [
          { name: 'Title', type: 'text' },
          { name: 'Pages', type: 'number' },
          { name: 'Finished', type: 'date' },
        ],
      },
    })
  const base = shape('')
  const words = 'Reading log kept by hand '.repeat(80)
  return shape(words.slice(0, length - base.length))
}

test('a 1,000-character manifest typed at 5 ms a key is exactly what the editor and the API hold', async ({ page }) => {
  // A thousand keystrokes through the browser's input pipeline; generous for a machine under load.
  test.setTimeout(300_000)
  await openEditorWithKey(page)
  const text = manifestOfLength(1000)
  expect(text).toHaveLength(1000)
  await editorText(page).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type(text, { delay: 5 })
  await waitUntilSettled(page)
  expect(await readManifest(page)).toBe(text)
  // The panel checked the same text: valid, with the digest of exactly this manifest.
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
  await expect(page.getByTestId('preview').getByTestId('display-mock')).toContainText('Reading log kept by hand')
})

test('a key held for 30 repeats types 30 characters where the cursor is, and the cursor stays with them', async ({ page }) => {
  await openEditorWithKey(page)
  const before = '{\n  "schema": "service.tool/v1",\n  "entry": "held",\n  "permissions": [],\n  "name": ""\n}'
  await replaceManifest(page, before)
  await waitUntilSettled(page)
  // Into the empty name, line 5, between its quotes.
  await editorText(page).click()
  await page.keyboard.press('ControlOrMeta+Home')
  for (let line = 1; line < 5; line++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByTestId('cursor-position')).toHaveText('Line 5, column 12')
  // A held key: one keydown, then auto-repeats, then the key-up, about 30 ms apart as a keyboard repeats.
  for (let repeat = 0; repeat < 30; repeat++) {
    await page.keyboard.down('x')
    await page.waitForTimeout(30)
  }
  await page.keyboard.up('x')
  await expect(page.getByTestId('cursor-position')).toHaveText('Line 5, column 42')
  expect(await readManifest(page)).toBe(before.replace('"name": ""', `"name": "${'x'.repeat(30)}"`))
})
