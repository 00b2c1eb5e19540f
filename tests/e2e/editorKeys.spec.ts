/**
 * The help under the editor names the keys Monaco binds where the page runs:
 * Format Document is Ctrl+Shift+I on Linux, ⇧⌥F on a Mac and Shift+Alt+F on
 * Windows (the suite's Desktop Chrome profile says it runs on Windows).
 */
import { openEditorWithKey, readManifest, replaceManifest, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'

const CHROME = 'AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const ONE_LINE = '{"schema":"service.tool/v1","entry":"demo","permissions":[]}'

test.describe('on Linux', () => {
  test.use({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) ${CHROME}` })

  test('the help says Ctrl+Shift+I formats, and Ctrl+Shift+I does', async ({ page }) => {
    await openEditorWithKey(page)
    const hint = page.getByTestId('editor-keyboard-hint')
    await expect(hint).toContainText('Ctrl+Shift+I formats')
    await expect(hint).not.toContainText('Shift+Alt+F')
    await expect(hint).toContainText('press Ctrl+M to make Tab move focus instead')
    await replaceManifest(page, ONE_LINE)
    await waitUntilSettled(page)
    const lines = page.getByTestId('manifest-editor').locator('.line-numbers').filter({ hasText: /\d/ })
    await expect(lines).toHaveCount(1)
    await page.keyboard.press('Control+Shift+I')
    await expect(lines).toHaveCount(5)
    expect(await readManifest(page)).toBe(JSON.stringify(JSON.parse(ONE_LINE), null, 2))
  })
})

test.describe('on a Mac', () => {
  test.use({ userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) ${CHROME}` })

  test('the help names the Mac’s keys', async ({ page }) => {
    await openEditorWithKey(page)
    const hint = page.getByTestId('editor-keyboard-hint')
    await expect(hint).toContainText('⇧⌥F formats')
    await expect(hint).toContainText('press ⌃⇧M to make Tab move focus instead')
    await expect(hint).toContainText('⌘. shows the quick fixes')
  })
})

test('on Windows the help says Shift+Alt+F formats', async ({ page }) => {
  await openEditorWithKey(page)
  await expect(page.getByTestId('editor-keyboard-hint')).toContainText('Shift+Alt+F formats')
})
