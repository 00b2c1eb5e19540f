import { openEditorWithKey, pasteText, readManifest, readVerdicts, replaceManifest, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'
import { issueKey } from './support/playground.ts'

const BROKEN = '{"schema":"service.tool/v1","entry":"demo","permissions":["health.read"]}'

test('marks an error, lists it, jumps to it on click, and turns valid with a digest once fixed', async ({ page }) => {
  await openEditorWithKey(page)
  const status = page.getByTestId('editor-status')
  await expect(status).toHaveAttribute('data-status', 'valid')
  // The benchmark's mark: set once, just after markers and verdict were first painted.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('sandbox:editor-markers').length)).toBe(1)

  await replaceManifest(page, BROKEN)
  await waitUntilSettled(page)
  await expect(status).toHaveAttribute('data-status', 'invalid')
  await expect(status).toContainText('1 problem')
  await expect(page.getByTestId('manifest-editor').locator('.squiggly-error')).not.toHaveCount(0)
  // The problem itself, not its quick fix beside it.
  const problem = page.getByTestId('problems').locator('button[data-pointer]')
  await expect(problem).toHaveCount(1)
  await expect(problem).toHaveAttribute('data-pointer', '/permissions/0')
  await expect(problem).toContainText('must be one of "profile.read", "sessions.read"')
  expect(await readVerdicts(page)).toEqual({ status: 'invalid', editorPointers: ['/permissions/0'], apiPointers: ['/permissions/0'] })

  await problem.click()
  const column = BROKEN.indexOf('"health.read"') + 1
  await expect(page.getByTestId('cursor-position')).toHaveText(`Line 1, column ${column + '"health.read"'.length}`)
  await expect(page.getByRole('textbox', { name: 'Manifest JSON', exact: true })).toBeFocused()

  // The click selected the bad value, so a paste replaces it.
  await pasteText(page, '"profile.read"')
  await waitUntilSettled(page)
  await expect(status).toHaveAttribute('data-status', 'valid')
  await expect(status.locator('.digest')).toHaveText(/^[0-9a-f]{64}$/)
  await expect(page.getByTestId('manifest-editor').locator('.squiggly-error')).toHaveCount(0)
  await expect(page.getByTestId('agreement')).toHaveText('Editor markers and the API verdict agree.')
  await expect(page.getByTestId('preview')).toHaveAttribute('data-digest', (await status.locator('.digest').textContent()) ?? '')
})

test('says the text is not JSON instead of showing the last verdict', async ({ page }) => {
  await openEditorWithKey(page)
  await replaceManifest(page, BROKEN)
  await waitUntilSettled(page)
  await expect(page.getByTestId('problems')).toBeVisible()

  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type(',')
  await waitUntilSettled(page)
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'syntax')
  await expect(page.getByTestId('editor-status')).toContainText('invalid JSON is not sent to the API')
  await expect(page.getByTestId('problems')).toHaveCount(0)
  await expect(page.getByTestId('syntax-problems')).toContainText('nothing may follow the value')
})

test('says why the API gave no verdict while authorisation is failing (503)', async ({ page }) => {
  await openEditorWithKey(page)
  await page.getByRole('link', { name: 'Workspace', exact: true }).click()
  await page.getByLabel('Authorisation store failing: every request answers 503').check()
  await page.getByRole('link', { name: 'Manifest editor', exact: true }).click()
  await replaceManifest(page, BROKEN)
  await waitUntilSettled(page)
  const status = page.getByTestId('editor-status')
  await expect(status).toHaveAttribute('data-status', 'refused')
  await expect(status).toContainText('Authorization unavailable (503)')
  await expect(page.getByTestId('problems')).toHaveCount(0)
  await expect(page.getByTestId('agreement')).toContainText('there is no API verdict to compare with')
})

test('names the missing scope of the selected key and issues a fitting key in one click', async ({ page }) => {
  await page.goto('./#/workspace')
  await issueKey(page, { preset: 'getProjectStatus' })
  await page.getByRole('link', { name: 'Manifest editor', exact: true }).click()
  const gate = page.getByTestId('key-gate')
  await expect(gate).toContainText('lacks tools.validate')
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'no-key')
  await gate.getByRole('button', { name: /^Issue a key with/ }).click()
  await expect(gate).toHaveCount(0)
  await waitUntilSettled(page)
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
})

test('loads a broken example with its lesson, and a library tool (the catalogue GET /tools lists)', async ({ page }) => {
  await openEditorWithKey(page)
  const picker = page.getByLabel('Template')
  await picker.selectOption({ label: 'An icon URL' })
  await page.getByRole('button', { name: 'Load template' }).click()
  await expect(page.getByTestId('origin-note')).toContainText('never a URL')
  await waitUntilSettled(page)
  await expect(page.getByTestId('problems').locator('button[data-pointer]')).toHaveAttribute('data-pointer', '/display/icon')

  await picker.selectOption({ label: 'Reading log' })
  await page.getByRole('button', { name: 'Load template' }).click()
  await expect(page.getByTestId('origin-note')).toContainText('Reading log (library)')
  await waitUntilSettled(page)
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
  await expect(page.getByTestId('display-mock')).toHaveAttribute('data-layout', 'table')
})

test('Shift+Alt+F lays a one-line manifest out with two-space indents, and one undo takes it back', async ({ page }) => {
  await openEditorWithKey(page)
  const oneLine = '{"schema":"service.tool/v1","entry":"demo","permissions":[]}'
  await replaceManifest(page, oneLine)
  await waitUntilSettled(page)
  // Numbered lines: a long line wraps onto several rows, but only its first carries a number.
  const lines = page.getByTestId('manifest-editor').locator('.line-numbers').filter({ hasText: /\d/ })
  await expect(lines).toHaveCount(1)
  // Formatting asks the JSON worker and is dropped if the cursor moves meanwhile: wait for its lines before reading.
  await page.keyboard.press('Shift+Alt+F')
  await expect(lines).toHaveCount(5)
  expect(await readManifest(page)).toBe(JSON.stringify(JSON.parse(oneLine), null, 2))
  await page.keyboard.press('ControlOrMeta+Z')
  await expect(lines).toHaveCount(1)
  expect(await readManifest(page)).toBe(oneLine)
})
