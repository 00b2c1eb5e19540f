/** Steps the manifest editor specs share, named for what a user does. */
import { basename, join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { MANIFEST_FIXTURES } from '../support/manifestCorpus.ts'

/** Opens the editor (or `path`) and issues the one-click tool-author key the panel offers. */
export async function openEditorWithKey(page: Page, path = './#/editor'): Promise<void> {
  await page.goto(path)
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
  const gate = page.getByTestId('key-gate')
  await expect(gate).toContainText('No key is selected')
  await gate.getByRole('button', { name: 'Issue a key with tools.read, tools.validate, tools.preview' }).click()
  await expect(gate).toHaveCount(0)
  await waitUntilSettled(page)
}

/** Waits until the editor's markers and the API's verdict both describe the text on screen. */
export async function waitUntilSettled(page: Page): Promise<void> {
  await expect(page.locator('[data-testid="agreement"][data-state="settled"]')).toBeVisible({ timeout: 15_000 })
}

/** Opens a manifest file from tests/fixtures/manifests through the panel's file picker. */
export async function openManifestFile(page: Page, relativePath: string): Promise<void> {
  const file = join(MANIFEST_FIXTURES, relativePath)
  await page.getByTestId('manifest-file').setInputFiles(file)
  await expect(page.locator('.origin-note')).toContainText(`Opened from the file ${basename(file)}`)
  await waitUntilSettled(page)
}

/** Where the user types: Monaco's text layer, which takes a click like any editor. */
export function editorText(page: Page) {
  return page.getByTestId('manifest-editor').locator('.monaco-editor .view-lines')
}

/**
 * Pastes text at the editor's selection, as a user would. Pasting, not
 * typing: the editor auto-closes brackets and quotes as they are typed.
 */
export async function pasteText(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.evaluate((value) => navigator.clipboard.writeText(value), text)
  await page.keyboard.press('ControlOrMeta+V')
}

/** Replaces the whole text: select all in the editor, then paste. */
export async function replaceManifest(page: Page, text: string): Promise<void> {
  await editorText(page).click()
  await page.keyboard.press('ControlOrMeta+A')
  await pasteText(page, text)
}

/**
 * The editor's whole text, exactly, as a user would take it: select all and
 * copy. Monaco draws only the lines in view, so its DOM is not the document.
 */
export async function readManifest(page: Page): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await editorText(page).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('ControlOrMeta+C')
  // Monaco copies with CRLF where the browser says it runs on Windows (the Desktop Chrome profile does); the text itself is LF.
  return (await page.evaluate(() => navigator.clipboard.readText())).replace(/\r\n/g, '\n')
}

export interface Verdicts {
  status: string
  editorPointers: string[]
  apiPointers: string[]
}

/** What the editor marks and what the API reported, for the text on screen. */
export async function readVerdicts(page: Page): Promise<Verdicts> {
  const note = page.getByTestId('agreement')
  return {
    status: (await note.getAttribute('data-status')) ?? '',
    editorPointers: JSON.parse((await note.getAttribute('data-editor-pointers')) ?? '[]') as string[],
    apiPointers: JSON.parse((await note.getAttribute('data-api-pointers')) ?? '[]') as string[],
  }
}

/**
 * Console errors and page errors of a page the shared watcher does not
 * follow (a second browser context). Like the watcher, it lets through
 * Chromium's "Failed to load resource" for the API's own 4xx answers.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const fromApi = new URL(message.location().url || 'about:blank', 'http://x').pathname.startsWith('/api/developer/v1/')
    if (fromApi && message.text().startsWith('Failed to load resource')) return
    errors.push(message.text())
  })
  return errors
}
