import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { ViteDevServer } from 'vite'
import { startDevServer } from '../support/devServer.ts'

/**
 * `npm start` (the dev server), not the build: the first open of the editor
 * on a cold dependency cache works without the page reloading under the user
 * (the optimizer bundling a dependency it found late reloads the page).
 */
let server: ViteDevServer
let origin = ''
const cacheDir = mkdtempSync(join(tmpdir(), 'vite-dev-cache-'))

test.beforeAll(async () => {
  ;({ server, origin } = await startDevServer({ cacheDir }))
})

test.afterAll(async () => {
  await server?.close()
  rmSync(cacheDir, { recursive: true, force: true })
})

test('the dev server opens the editor on a cold cache without reloading the page, and its markers agree with the API', async ({ page }) => {
  test.setTimeout(90_000)
  let loads = 0
  page.on('load', () => loads++)
  await page.goto(`${origin}/#/editor`)
  await page
    .getByTestId('key-gate')
    .getByRole('button', { name: 'Issue a key with tools.read, tools.validate, tools.preview' })
    .click({ timeout: 30_000 })
  await page.getByTestId('manifest-file').setInputFiles('tests/fixtures/manifests/corpus/invalid-many.json')
  await expect(page.getByTestId('agreement')).toHaveText('Editor markers and the API verdict agree.', { timeout: 30_000 })
  await expect(page.getByTestId('manifest-editor').locator('.squiggly-error')).not.toHaveCount(0)
  expect(loads).toBe(1)
})
