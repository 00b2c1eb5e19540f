/**
 * Typing is never lost: the editor owns its document and the panel follows
 * it, so fast typing and a held key land exactly as typed, whatever the
 * panel's renders and checks do meanwhile. A thousand characters typed at
 * 5 ms a key is an engine journey (tests/engines/playground.journey.ts), run
 * in Chromium, Firefox and WebKit.
 */
import { editorText, openEditorWithKey, readManifest, replaceManifest, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'

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
