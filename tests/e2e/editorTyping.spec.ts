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

/** A manifest as a person writes it, one line at a time, pretty-printed. */
const PRETTY = JSON.stringify(
  {
    schema: 'service.tool/v1',
    entry: 'typed-by-line',
    permissions: ['profile.read'],
    display: { layout: 'list', icon: 'book', color: 'blue', columns: [{ name: 'Title', type: 'text' }] },
  },
  null,
  2,
)

/**
 * Types `text` line by line as a person does in an editor that indents and
 * closes brackets: each line without its indentation (Enter indents), then
 * Enter; a line that only closes what the editor already closed is stepped
 * over (Down, End) and gets only its comma. `pauseMs` after each line lets
 * the suggestions that typing opens appear before Enter.
 */
async function typeLineByLine(page: import('@playwright/test').Page, text: string, delay: number, pauseMs: number): Promise<void> {
  const lines = text.split('\n').map((line) => line.trim())
  for (const [index, line] of lines.entries()) {
    const closer = /^[}\]],?$/.exec(line)
    if (closer) {
      // Escape first: Down in an open suggestion list would move in the list, not to the next line.
      await page.keyboard.press('Escape')
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('End')
      if (line.endsWith(',')) await page.keyboard.type(',', { delay })
    } else {
      await page.keyboard.type(line, { delay })
    }
    await page.waitForTimeout(pauseMs)
    const next = lines[index + 1]
    // Enter opens the next line, unless the next one is a closer the editor already wrote.
    if (next !== undefined && !/^[}\]],?$/.test(next)) await page.keyboard.press('Enter')
  }
}

for (const [speed, delay, pauseMs] of [
  ['at 5 ms a key', 5, 0],
  ['at a person’s pace, the suggestions open at each Enter', 40, 250],
] as const) {
  test(`a manifest typed line by line ${speed} is exactly what was typed: Enter ends the line, it does not take a suggestion`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await openEditorWithKey(page)
    await editorText(page).click()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.press('Delete')
    await typeLineByLine(page, PRETTY, delay, pauseMs)
    await waitUntilSettled(page)
    expect(await readManifest(page)).toBe(PRETTY)
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
  })
}

test('Enter takes a suggestion once the user went into the list: Ctrl+Space, then Enter, adds a property of the contract', async ({
  page,
}) => {
  await openEditorWithKey(page)
  await editorText(page).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.type('{', { delay: 20 })
  await page.keyboard.press('Enter')
  await page.keyboard.press('Control+Space')
  await expect(page.locator('.suggest-widget.visible .monaco-list-row.focused')).toHaveCount(1)
  await page.keyboard.press('Enter')
  expect(await readManifest(page)).toMatch(/^\{\n {2}"[a-zA-Z]+": /)
})
