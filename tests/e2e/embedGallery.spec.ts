/** The docs author's gallery: every example live, with snippets that point at this site. */
import { expect, test } from '@playwright/test'
import { EXAMPLES } from '../../src/embed/examples.ts'
import { foreignRequests, watchContext } from './fixtures/embed-host/contextWatch.ts'
import { databaseNames } from './fixtures/embed-host/embedDatabase.ts'
import { axeViolations } from './support/axe.ts'

test('lists every example live with both snippets, and leaves the playground database alone', async ({ page, context, baseURL }) => {
  const site = new URL(baseURL ?? 'http://localhost:4173/')
  const watch = watchContext(context, [403])
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('gallery.html')

  await expect(page.getByRole('article')).toHaveCount(EXAMPLES.length)
  // embed.js, loaded the way a docs page loads it, turns each placeholder into an iframe as it comes near the viewport.
  await expect(page.locator('[data-sandbox-example]')).toHaveCount(EXAMPLES.length)
  await expect(page.locator('[data-sandbox-example] > iframe').first()).toBeAttached()
  const last = page.locator('[data-sandbox-example]').last()
  await last.scrollIntoViewIfNeeded()
  await expect(last.locator('iframe')).toBeAttached()

  const card = page.getByRole('article', { name: 'A missing scope' })
  const scriptSnippet = `<div data-sandbox-example="scope-missing" data-title="A missing scope" style="min-height:317px"></div>\n<script src="${new URL('embed.js', site).href}" async></script>`
  await expect(card.locator('pre').first()).toHaveText(scriptSnippet)
  await expect(card.locator('pre').nth(1)).toContainText(`src="${new URL('embed.html?example=scope-missing', site).href}"`)
  await expect(card.locator('pre').nth(1)).toContainText('sandbox="allow-scripts allow-same-origin"')
  await card.getByRole('button', { name: 'Copy Script snippet for scope-missing' }).click()
  // The clipboard is the outcome; the "copied" status shows for 2.5 s only, which a loaded machine can miss.
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(scriptSnippet)

  await card.scrollIntoViewIfNeeded()
  const iframe = card.locator('iframe')
  await expect(iframe).toHaveAttribute('title', 'Developer Sandbox example: A missing scope')
  const frame = iframe.contentFrame()
  await frame.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(frame.locator('.status-line .status')).toHaveAttribute('data-status', '403', { timeout: 20_000 })

  // Same origin as the playground, yet the embeds open no database of the browser's: their sandboxes are in memory.
  const names = await databaseNames(page)
  expect(names).not.toContain('developer-sandbox')
  expect(names).not.toContain('developer-sandbox-embed')
  expect(foreignRequests(watch, [site.origin])).toEqual([])
  expect(watch.errors).toEqual([])
})

test('switching the theme re-embeds the previews and rewrites the snippets', async ({ page }) => {
  await page.goto('gallery.html')
  await page.getByLabel('Theme of the examples and snippets').selectOption('dark')
  const card = page.getByRole('article', { name: 'Get the project status' })
  await expect(card.locator('iframe')).toHaveAttribute('src', /example=get-status&theme=dark$/)
  await expect(card.locator('pre').first()).toContainText(
    'data-sandbox-example="get-status" data-title="Get the project status" data-theme="dark"',
  )
})

test('links back to the playground', async ({ page }) => {
  await page.goto('gallery.html')
  await page.getByRole('link', { name: '← Back to the playground' }).click()
  await expect(page).toHaveURL(/\/(#.*)?$/)
  await expect(page.getByTestId('worker-status')).toBeVisible()
})

test('has no accessibility violations', async ({ page }) => {
  await page.goto('gallery.html')
  await expect(page.locator('[data-sandbox-example]')).toHaveCount(EXAMPLES.length)
  // The embed page is checked on its own (embedPage.spec.ts); axe waits on sixteen lazy frames otherwise.
  const violations = await axeViolations(page, { exclude: '[data-sandbox-example]' })
  expect(violations.map((violation) => `${violation.id}: ${violation.targets.join(' ')}`)).toEqual([])
})
