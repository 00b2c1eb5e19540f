/**
 * The display mock's six layouts and the editor on a phone: measured rules
 * (no word broken, no star wrapped, the timer's name inside its ring, a
 * drawn icon, no sideways scrolling) and screenshots compared with committed
 * baselines (tests/e2e/layoutVisual.spec.ts-snapshots, made with Debian's
 * Chromium; `--update-snapshots` remakes them after an intended change).
 */
import type { Locator, Page } from '@playwright/test'
import lzString from 'lz-string'
import { SAMPLE_MANIFEST } from '../../src/api/core.ts'
import { openEditorWithKey, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, openPlayground, SECTIONS } from './support/playground.ts'

// The Reading log always has a display; the guard satisfies the type, where display is optional.
const DISPLAY =
  SAMPLE_MANIFEST.display ??
  (() => {
    throw new Error('Failed to read "SAMPLE_MANIFEST": no display')
  })()

const LAYOUTS = ['table', 'routine', 'habit', 'counter', 'list', 'timer'] as const

// Fixed locale, zone and colour scheme: the sample values and the look must not depend on the machine.
test.use({ locale: 'en-US', timezoneId: 'UTC', colorScheme: 'light' })

function manifestFor(layout: (typeof LAYOUTS)[number]) {
  return {
    ...SAMPLE_MANIFEST,
    display: {
      ...DISPLAY,
      layout,
      columns: [...DISPLAY.columns, { name: 'Time left in this reading session', type: 'timer' as const }],
    },
  }
}

function linkFor(manifest: unknown): string {
  return `./?manifest=${lzString.compressToEncodedURIComponent(JSON.stringify(manifest, null, 2))}#/editor`
}

async function openPreview(page: Page, manifest: unknown): Promise<Locator> {
  await openEditorWithKey(page, linkFor(manifest))
  await waitUntilSettled(page)
  const mock = page.getByTestId('display-mock')
  await expect(mock).toBeVisible({ timeout: 15_000 })
  await page.evaluate(() => document.fonts.ready)
  return mock
}

/** How many lines an element's text takes. */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size
  })
}

const SCREENSHOT = { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.01 } as const

for (const layout of LAYOUTS) {
  test(`the ${layout} layout looks as reviewed`, async ({ page }) => {
    const mock = await openPreview(page, manifestFor(layout))
    await expect(mock).toHaveAttribute('data-layout', layout)
    await expect(mock.locator('.mock-icon svg')).toHaveAttribute('data-glyph', 'book')
    await expect(mock).toHaveScreenshot(`layout-${layout}.png`, SCREENSHOT)
  })
}

test('on a phone, table headers keep their words whole and star ratings stay on one line', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const mock = await openPreview(page, manifestFor('table'))
  const headers = mock.locator('.mock-table thead th')
  await expect(headers).toHaveCount(6)
  for (const header of await headers.all()) expect(await lineCount(header), (await header.textContent()) ?? '').toBe(1)
  for (const rating of await mock.locator('.cell-rating').all()) expect(await lineCount(rating)).toBe(1)
  await expect(mock).toHaveScreenshot('phone-table.png', SCREENSHOT)
})

test('the timer’s name stays inside its ring', async ({ page }) => {
  const mock = await openPreview(page, manifestFor('timer'))
  const ring = await mock.locator('.mock-timer-ring').boundingBox()
  const label = await mock.locator('.mock-timer-label').boundingBox()
  if (!ring || !label) throw new Error('Failed to measure "timer ring": not rendered')
  // The inner circle is inset 0.6 rem (9.6 px) from the ring's edge.
  expect(label.x).toBeGreaterThanOrEqual(ring.x + 9.6)
  expect(label.x + label.width).toBeLessThanOrEqual(ring.x + ring.width - 9.6)
})

test('icons are drawn for common names and a neutral symbol otherwise, never a letter', async ({ page }) => {
  const mock = await openPreview(page, { ...SAMPLE_MANIFEST, display: { ...DISPLAY, icon: 'calendar' } })
  await expect(mock.locator('.mock-icon svg')).toHaveAttribute('data-glyph', 'calendar')
  await expect(mock.locator('.mock-icon')).toHaveText('')
  const other = await openPreview(page, { ...SAMPLE_MANIFEST, display: { ...DISPLAY, icon: 'zz-unheard-of' } })
  await expect(other.locator('.mock-icon svg')).toHaveAttribute('data-glyph', 'neutral')
})

test('on a 390 × 844 phone no section scrolls sideways, and "Load template" is on screen and works', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openPlayground(page)
  await issueKey(page, { preset: 'everything' })
  for (const section of SECTIONS) {
    await goToSection(page, section)
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `${section} overflows by ${overflow}px`).toBeLessThanOrEqual(0)
  }
  await goToSection(page, 'Manifest editor')
  const load = page.getByRole('button', { name: 'Load template' })
  const box = await load.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  await page.getByLabel('Template').selectOption({ label: 'Asking for health data' })
  await load.click()
  await expect(page.getByTestId('origin-note')).toContainText('Asking for health data')
  await page.evaluate(() => document.fonts.ready)
  await expect(page.locator('.editor-toolbar')).toHaveScreenshot('phone-editor-toolbar.png', SCREENSHOT)
})
