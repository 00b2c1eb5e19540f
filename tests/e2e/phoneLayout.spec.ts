/**
 * A phone (390 × 844): after Send the answer is on screen, tables reflow
 * instead of cutting columns, and the usage chart's labels are readable.
 */
import type { Locator } from '@playwright/test'
import { openEditorWithKey } from './editorSteps.ts'
import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, openPlayground } from './support/playground.ts'

test.use({ viewport: { width: 390, height: 844 } })

/** How far an element's content reaches past its own box, sideways (0 when nothing is cut or hidden in a scroller). */
const cutOff = (locator: Locator) => locator.evaluate((element) => element.scrollWidth - element.clientWidth)

test('after Send the response status is on screen', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  await goToSection(page, 'Request console')
  const status = page.getByTestId('response-status')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(status).toContainText('200')
  await expect(status).toBeInViewport()
})

test('a pasted key, its Show button and its status badge stay inside the header', async ({ page }) => {
  await openPlayground(page)
  const { secret } = await issueKey(page)
  await page.getByLabel('Key for requests').selectOption({ label: 'Paste a key…' })
  await page.getByLabel('Pasted API key').fill(secret)
  const badge = page.locator('.paste-field .badge')
  await expect(badge).toHaveText('Active')
  // Issuing the key scrolled the page down; the header is at its top.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(badge).toBeInViewport({ ratio: 1 })
  expect(await cutOff(page.locator('.key-picker'))).toBeLessThanOrEqual(0)
  expect(await cutOff(page.locator('.paste-field'))).toBeLessThanOrEqual(0)
})

test('the section strip shows the open section, whichever way it was opened, and stays one row high', async ({ page }) => {
  await openPlayground(page, 'webhook-specimens')
  const strip = page.getByRole('navigation', { name: 'Sections' })
  const active = strip.locator('a[aria-current="page"]')
  await expect(active).toHaveText('Webhook specimens')
  await expect(active).toBeInViewport({ ratio: 1 })
  const stripHeight = async () => (await strip.boundingBox())?.height ?? 0
  const oneRow = await stripHeight()
  // A short section leaves its spare height below the strip, not inside it.
  await page.goto('./#/sessions')
  await expect(page.getByRole('heading', { level: 2, name: 'Sessions' })).toBeVisible()
  await expect(active).toHaveText('Sessions')
  expect(await stripHeight()).toBeLessThanOrEqual(oneRow + 1)
  expect(oneRow).toBeLessThan(80)
  await page.goto('./#/workspace')
  await expect(active).toHaveText('Workspace')
  await expect(active).toBeInViewport({ ratio: 1 })
})

test('the header keeps to a few short rows: with a key, a moved clock and its badge, the section starts in the top quarter', async ({
  page,
}) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'getProjectStatus' })
  await page.getByRole('button', { name: '+181 days ahead on the sandbox clock' }).click()
  await expect(page.getByTestId('clock-shift')).toHaveText('Clock +181 days')
  await goToSection(page, 'Request console')
  await page.evaluate(() => window.scrollTo(0, 0))
  const header = await page.locator('.app-header').boundingBox()
  const heading = await page.getByRole('heading', { level: 2, name: 'Request console' }).boundingBox()
  console.log(`measure: phone header ${Math.round(header?.height ?? 0)} px, section heading at ${Math.round(heading?.y ?? 0)} px of 844`)
  expect(header?.height ?? 999).toBeLessThanOrEqual(150)
  expect(heading?.y ?? 999).toBeLessThanOrEqual(844 / 4)
  // Compact, not cut: the title, the theme switch, the key and its status are all on screen.
  for (const part of [
    page.getByRole('heading', { level: 1 }),
    page.getByRole('button', { name: 'Dark', exact: true }),
    page.getByLabel('Key for requests'),
    page.locator('.key-picker .badge'),
  ]) {
    await expect(part).toBeInViewport({ ratio: 1 })
  }
})

test('the section strip says it scrolls: a fade and an arrow at the end that hides links, gone once scrolled there', async ({ page }) => {
  await openPlayground(page)
  const strip = page.getByTestId('section-strip')
  const list = strip.locator('ul')
  const fade = () => list.evaluate((element) => getComputedStyle(element).maskImage)
  await expect(strip).toHaveAttribute('data-more-end', '')
  await expect(strip).not.toHaveAttribute('data-more-start', '')
  await expect(strip.locator('.app-nav-more-end')).toBeVisible()
  await expect(strip.locator('.app-nav-more-start')).toBeHidden()
  expect(await fade()).toContain('linear-gradient')
  const last = list.locator('li').last()
  await expect(last).not.toBeInViewport({ ratio: 1 })

  await list.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
  await expect(strip).not.toHaveAttribute('data-more-end', '')
  await expect(strip).toHaveAttribute('data-more-start', '')
  await expect(strip.locator('.app-nav-more-end')).toBeHidden()
  await expect(strip.locator('.app-nav-more-start')).toBeVisible()
  await expect(last).toBeInViewport({ ratio: 1 })
})

test('the key table and the usage totals become labelled rows: every column on screen, nothing scrolled out', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'everything' })
  const keys = page.locator('.keys-table')
  await expect(keys).toBeVisible()
  expect(await cutOff(page.locator('.keys-table').locator('xpath=..'))).toBeLessThanOrEqual(0)
  const row = keys.locator('tbody tr').first()
  for (const label of ['App / env', 'Scopes', 'Lifetime', 'Status']) {
    const cell = row.locator(`td[data-label="${label}"]`)
    await expect(cell).toBeVisible()
    expect(await cell.evaluate((element) => getComputedStyle(element, '::before').content)).toBe(`"${label}"`)
  }
  const revoke = row.getByRole('button', { name: /^Revoke key/ })
  // Centred: "if needed" leaves a button that is on screen but for a fraction of a pixel at the bottom edge where it is.
  await revoke.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await expect(revoke).toBeInViewport({ ratio: 1 })

  await goToSection(page, 'Usage')
  const totals = page.getByTestId('usage-totals')
  await expect(totals).toBeVisible()
  expect(await cutOff(totals.locator('xpath=..'))).toBeLessThanOrEqual(0)
  const chartButton = totals.getByRole('button', { name: 'Chart GET /status' })
  await chartButton.scrollIntoViewIfNeeded()
  await expect(chartButton).toBeInViewport({ ratio: 1 })
})

test('the usage chart labels its axes at 11 px or more', async ({ page }) => {
  await openPlayground(page)
  await issueKey(page, { preset: 'everything' })
  await goToSection(page, 'Usage')
  const labels = page.getByTestId('usage-chart').locator('text.axis')
  await expect(labels.first()).toBeVisible()
  const heights = await labels.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height))
  expect(heights.length).toBeGreaterThan(5)
  // A text box is about 1.2 × its font size: 11 px type is at least 11 px tall on screen.
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(11)
  // No two date labels overlap.
  const boxes = await labels.evaluateAll((elements) =>
    elements.filter((element) => /\d\d-\d\d/.test(element.textContent ?? '')).map((element) => element.getBoundingClientRect()),
  )
  for (let index = 1; index < boxes.length; index++) expect(boxes[index]?.left ?? 0).toBeGreaterThan(boxes[index - 1]?.right ?? 0)
  // Each legend swatch sits on the same line as its word.
  const entries = page.locator('.legend-item')
  await expect(entries).toHaveCount(2)
  for (const entry of await entries.all()) {
    const [swatch, whole] = await Promise.all([entry.locator('.swatch').boundingBox(), entry.boundingBox()])
    expect((whole?.height ?? 99) < 2 * (swatch?.height ?? 0) + 8, (await entry.textContent()) ?? '').toBe(true)
  }
})

test('the "Remember this key" checkbox keeps a gap from its words', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Issue key' }).click()
  await expect(page.getByRole('checkbox', { name: 'Remember this key in this browser (.env)' })).toBeVisible()
  const gap = await page.locator('label.remember-key').evaluate((label) => {
    const box = label.querySelector('input')?.getBoundingClientRect()
    const words = [...label.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
    if (!box || !words) return -1
    const range = document.createRange()
    range.selectNodeContents(words)
    return range.getBoundingClientRect().left - box.right
  })
  expect(gap).toBeGreaterThanOrEqual(6)
})

test('a table preview wider than the phone says it scrolls, and scrolling reaches its last column', async ({ page }) => {
  await openEditorWithKey(page)
  await page.getByLabel('Template').selectOption({ label: 'Reading log' })
  await page.getByRole('button', { name: 'Load template' }).click()
  const mock = page.getByTestId('display-mock')
  await expect(mock).toHaveAttribute('data-layout', 'table')
  const count = await mock.locator('.mock-table thead tr').last().locator('th').count()
  expect(count).toBeGreaterThanOrEqual(5)
  await expect(page.getByTestId('table-scroll-hint')).toHaveText(`Scroll sideways to see all ${count} columns →`)
  const scroller = mock.locator('.mock-table-scroll')
  await scroller.scrollIntoViewIfNeeded()
  const last = mock.locator('.mock-table thead th').last()
  await expect(last).not.toBeInViewport({ ratio: 0.95 })
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
  // 0.95, not 1: the scroller stops a fraction of a pixel short of the last column's edge.
  await expect(last).toBeInViewport({ ratio: 0.95 })
})
