/** The small things a first-time user tripped over, each pinned. */
import { editorText, openEditorWithKey, pasteText, readManifest, replaceManifest, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'
import { expectKeyStatus, goToSection, issueKey, keyRow, openPlayground } from './support/playground.ts'

test('loading a template over edits offers them back with Undo, and the note says the text was edited', async ({ page }) => {
  await openEditorWithKey(page)
  const note = page.getByTestId('origin-note')
  await expect(note).toHaveText('Template: Blank manifest.')
  await editorText(page).click()
  await page.keyboard.press('ControlOrMeta+End')
  await pasteText(page, ' ')
  await expect(note).toHaveText('Template: Blank manifest, edited.')
  const edited = await readManifest(page)

  await page.getByLabel('Template').selectOption({ label: 'Asking for health data' })
  await page.getByRole('button', { name: 'Load template' }).click()
  await expect(note).toContainText('Template: Asking for health data.')
  await expect(note).toContainText('Your edits were replaced.')
  await note.getByRole('button', { name: 'Undo' }).click()
  await expect(note).toHaveText('Template: Blank manifest, edited.')
  await waitUntilSettled(page)
  expect(await readManifest(page)).toBe(edited)
})

test('a text that replaced the whole template is named as the user’s own, and a load keeps it for Undo', async ({ page }) => {
  await openEditorWithKey(page)
  const note = page.getByTestId('origin-note')
  await replaceManifest(page, '{"schema":"service.tool/v1","entry":"mine","permissions":[]}')
  await expect(note).toHaveText('Your own manifest, written here.')
  await page.getByLabel('Template').selectOption({ label: 'Asking for health data' })
  await page.getByRole('button', { name: 'Load template' }).click()
  await expect(note).toContainText('Your edits were replaced.')
  await note.getByRole('button', { name: 'Undo' }).click()
  await expect(note).toHaveText('Your own manifest, written here.')
})

test('lists the API’s problems by line, not by JSON path', async ({ page }) => {
  await openEditorWithKey(page)
  await replaceManifest(page, '{\n  "schema": "service.tool/v1",\n  "permissions": "profile.read",\n  "entry": 5\n}')
  await waitUntilSettled(page)
  // The problems themselves, not the quick fix beside the first ("Wrap in an array").
  const rows = page.getByTestId('problems').locator('button[data-pointer]')
  await expect(rows).toHaveCount(2)
  expect(await rows.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-pointer')))).toEqual([
    '/permissions',
    '/entry',
  ])
})

test('"Jump to a date" follows the clock when it moves, and the offset reads "+1 day"', async ({ page }) => {
  await openPlayground(page)
  const field = page.getByLabel('Jump to a date')
  const before = await field.inputValue()
  await page.getByRole('button', { name: '+1 day ahead on the sandbox clock' }).click()
  await expect(page.getByTestId('clock-offset')).toHaveText('+1 day')
  await expect(page.getByTestId('clock-shift')).toHaveText('Clock +1 day')
  const after = await field.inputValue()
  expect(Date.parse(after) - Date.parse(before)).toBeGreaterThanOrEqual(86_400_000 - 60_000)
  await page.getByRole('button', { name: 'Back to now' }).click()
})

test('an expired key can still be rotated, as its 401 advises', async ({ page }) => {
  await openPlayground(page)
  const old = await issueKey(page, { preset: 'dataViews' })
  await page.getByRole('button', { name: '+181 days ahead on the sandbox clock' }).click()
  await expectKeyStatus(page, old.lastFour, 'Expired')
  await keyRow(page, old.lastFour)
    .getByRole('button', { name: `Rotate key …${old.lastFour}` })
    .click()
  await page.getByRole('button', { name: 'Issue replacement key' }).click()
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  await page.getByRole('button', { name: 'Send a test request with the new key' }).click()
  await expect(page.getByText('answered 200.')).toBeVisible()
  await page.getByRole('button', { name: 'Finish rotation' }).click()
  await expect(page.getByText(`Rotation complete: …${old.lastFour} had expired`)).toBeVisible()
  await page.getByRole('button', { name: 'Back to now' }).click()
})

test('a webhook delivery with one attempt reads "1 attempt"', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'dataViews' })
  await goToSection(page, 'Webhooks')
  await expect(page.getByText(/· 1 attempt$/)).toBeVisible()
  await expect(page.getByText(/\b1 attempts\b/)).toHaveCount(0)
})

test('the specimen shows the very bytes that were signed, the pretty copy behind a disclosure', async ({ page }) => {
  await page.goto('./#/webhook-specimens')
  const gate = page.getByTestId('key-gate')
  await gate.getByRole('button', { name: 'Issue a key with webhooks.test' }).click()
  await page.getByRole('button', { name: 'Create a signed specimen' }).click()
  const payload = page.getByTestId('specimen-payload')
  await expect(payload).toBeVisible()
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copy raw payload' }).click()
  const raw = await page.evaluate(() => navigator.clipboard.readText())
  expect(await payload.textContent()).toBe(raw)
  await expect(page.getByText('Pretty-printed, for reading (not the signed bytes)')).toBeVisible()
})

test('the worker badge counts from navigation start, as long as the user waited', async ({ page }) => {
  await openPlayground(page)
  const shown = Number(/ready (\d+) ms after navigation/.exec((await page.getByTestId('worker-status').textContent()) ?? '')?.[1])
  const timings = await page.evaluate(() => ({
    mark: performance.getEntriesByName('sandbox:worker-ready')[0]?.startTime ?? -1,
    // The runtime's code, the page's entry module, had to arrive before it could start: the badge cannot read
    // less than that. Sections' code loaded apart may arrive later, once the page is idle.
    scripts: (() => {
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? ''
      const timing = performance.getEntriesByName(entry, 'resource')[0] as PerformanceResourceTiming | undefined
      return timing?.responseEnd ?? Number.POSITIVE_INFINITY
    })(),
  }))
  expect(shown).toBe(Math.round(timings.mark))
  expect(shown).toBeGreaterThanOrEqual(Math.floor(timings.scripts))
})

test('an embed’s words for the rate-limit reset agree with retry-after and never pass 60 s', async ({ page }) => {
  // The examples' sandbox runs in the site's service worker, whose clock a page clock cannot move:
  // the sub-second rounding is pinned in tests/embed/rateLimitWords.test.ts, and here the words and the headers must agree.
  await page.goto('embed.html?example=rate-limited')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.locator('.status-line .status')).toHaveAttribute('data-status', '429', { timeout: 30_000 })
  const words = (await page.locator('.rate-limit').textContent()) ?? ''
  const resetIn = Number(/\(in (\d+) s\)/.exec(words)?.[1])
  const retryAfter = Number(/retry-after(\d+)/.exec(words)?.[1])
  expect(resetIn).toBeLessThanOrEqual(60)
  expect(Math.abs(resetIn - retryAfter)).toBeLessThanOrEqual(1)
})
