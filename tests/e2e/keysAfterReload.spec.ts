import { openEditorWithKey, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'
import { expectKeyStatus, goToSection, issueKey, keyRow, openPlayground } from './support/playground.ts'

const REMEMBERED = 'developer-sandbox-playground:remembered-keys'

test('after a reload, says which key this tab lost and issues a fresh one with the same scopes in one click, revoking the old', async ({
  page,
}) => {
  await openPlayground(page)
  const old = await issueKey(page, { preset: 'dataViews' })
  const scopes = await keyRow(page, old.lastFour).locator('.scope-list').textContent()
  await page.reload()
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')

  const notice = page.getByTestId('lost-key')
  await expect(notice).toContainText(`This tab no longer holds the secret of key …${old.lastFour}`)
  await expect(notice).toContainText('The sandbox stores only its hash')
  await notice.getByRole('button', { name: `Issue a fresh key with the same scopes and revoke …${old.lastFour}` }).click()
  await expect(notice).toHaveCount(0)

  await expectKeyStatus(page, old.lastFour, 'Revoked')
  const fresh = page.locator('tr.in-use')
  await expect(fresh.locator('.badge')).toHaveText('Active')
  expect(await fresh.locator('.scope-list').textContent()).toBe(scopes)
  await goToSection(page, 'Status & profile')
  await expect(page.getByTestId('problem')).toHaveCount(0)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.getByText('key_missing')).toHaveCount(0)
})

test('a key remembered in this browser survives a reload and serves a shared link in a new tab; Forget removes it', async ({ page }) => {
  await openPlayground(page)
  await goToSection(page, 'Workspace')
  await page.getByLabel('Preset').selectOption('toolAuthor')
  await page.getByRole('button', { name: 'Issue key' }).click()
  const secret = (await page.getByTestId('new-secret').textContent()) ?? ''
  const remember = page.getByRole('checkbox', { name: 'Remember this key in this browser (.env)' })
  await expect(remember).not.toBeChecked()
  await remember.check()
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  expect(await page.evaluate((name) => localStorage.getItem(name), REMEMBERED)).toContain(secret)

  await page.reload()
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
  await expect(page.getByTestId('lost-key')).toHaveCount(0)
  await expect(keyRow(page, secret.slice(-4))).toContainText('Remembered in this browser (.env)')
  await expect(keyRow(page, secret.slice(-4))).toContainText('In use in this tab')

  // A shared link opened in a new tab checks the manifest at once.
  const link = new URL('./?manifest=N4IgzgxgFgpgtgQxALnDATgNwJYRgOgBcB7YgGwHpMBGEAXyA#/editor', page.url()).href
  const other = await page.context().newPage()
  await other.goto(link)
  await expect(other.getByTestId('worker-status')).toContainText('Worker active')
  await waitUntilSettled(other)
  await expect(other.getByTestId('key-gate')).toHaveCount(0)
  await expect(other.getByTestId('editor-status')).not.toHaveAttribute('data-status', 'no-key')
  await other.close()

  await keyRow(page, secret.slice(-4))
    .getByRole('button', { name: /^Forget/ })
    .click()
  expect(await page.evaluate((name) => localStorage.getItem(name), REMEMBERED)).toBeNull()
})

test('a shared link opened in a new tab with no key leads to a checked manifest in one click', async ({ page }) => {
  await openEditorWithKey(page)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copy share link' }).click()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  const other = await page.context().newPage()
  await openEditorWithKey(other, link)
  await expect(other.locator('.origin-note')).toHaveText('Opened from a shared link.')
  await expect(other.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
  await other.close()
})
