import { openEditorWithKey, replaceManifest, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'

// Two unclosed objects: jsonc-parser reports "a closing } is expected" twice at one spot.
const TWO_AT_ONE_SPOT = '{\n  "schema": "service.tool/v1",\n  "display": {\n  "layout": "list"\n'

test('keeps the syntax list equal to the problems while typing elsewhere', async ({ page }) => {
  await openEditorWithKey(page)
  await replaceManifest(page, TWO_AT_ONE_SPOT)
  await waitUntilSettled(page)
  const status = page.getByTestId('editor-status')
  await expect(status).toHaveAttribute('data-status', 'syntax')
  const rows = page.getByTestId('syntax-problems').getByRole('listitem')
  const count = await rows.count()
  expect(count).toBeGreaterThanOrEqual(2)
  await expect(status).toContainText(`(${count} problems)`)

  // Type spaces at the start of line 2, away from the errors: the problems stay the same, so must the list.
  await page.keyboard.press('ControlOrMeta+Home')
  await page.keyboard.press('ArrowDown')
  for (let keystroke = 1; keystroke <= 5; keystroke++) {
    await page.keyboard.type(' ')
    await waitUntilSettled(page)
    await expect(status).toContainText(`(${count} problems)`)
    await expect(rows).toHaveCount(count)
  }
  const texts = await rows.allTextContents()
  expect(texts.every((text) => text.includes('a closing } is expected'))).toBe(true)
})
