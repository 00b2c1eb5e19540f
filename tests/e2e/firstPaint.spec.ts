import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY } from '../../src/app/state/playgroundSettings.ts'
import { expect, test } from './support/fixtures.ts'
import { openPlayground } from './support/playground.ts'

/**
 * The build writes the frame into index.html (src/build/prerenderFrame.ts),
 * so the page paints it before any script has run; the app then renders over
 * it, reusing the elements that match.
 */

test('the frame is in the page before any script runs: with JavaScript off, the title, every section and the starting notice', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) })
  try {
    const page = await context.newPage()
    await page.goto('./')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer Sandbox playground')
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Manifest editor' })).toBeVisible()
    await expect(page.getByText('Starting the sandbox: opening IndexedDB and registering the worker…')).toBeVisible()
  } finally {
    await context.close()
  }
})

test('once the app runs, it renders over the prerendered frame: one header, one navigation, the section the hash names', async ({
  page,
}) => {
  await openPlayground(page, 'usage')
  await expect(page.getByRole('banner')).toHaveCount(1)
  const sections = page.getByRole('navigation', { name: 'Sections' })
  await expect(sections).toHaveCount(1)
  await expect(sections.getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page')
  // The prerendered frame marks Workspace; the renderer reuses that link and must drop the attribute.
  await expect(sections.getByRole('link', { name: 'Workspace' })).not.toHaveAttribute('aria-current')
  await expect(page.getByRole('heading', { level: 2, name: 'Usage' })).toBeVisible()
})

test('a theme chosen in this browser is applied before the page is parsed, not after the app renders', async ({ page }) => {
  await page.addInitScript(
    ([key, stored]) => {
      localStorage.setItem(key, stored)
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.setAttribute('data-theme-at-parse', document.documentElement.dataset.theme ?? 'none')
      })
    },
    [SETTINGS_STORAGE_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, theme: 'dark' })] as const,
  )
  await openPlayground(page)
  await expect(page.locator('html')).toHaveAttribute('data-theme-at-parse', 'dark')
  await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true')
})

test('before the app runs, the frame shows the section the hash names and the stored theme pressed, not the prerendered defaults', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext(baseURL ? { baseURL } : {})
  try {
    await context.addInitScript(([key, stored]) => localStorage.setItem(key, stored), [
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ ...DEFAULT_SETTINGS, theme: 'dark' }),
    ] as const)
    const page = await context.newPage()
    // The page's module scripts never arrive: what shows is the HTML and public/prepaint.js alone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await page.goto('./#/usage')
    await expect(page.getByText('Starting the sandbox: opening IndexedDB and registering the worker…')).toBeVisible()
    const sections = page.getByRole('navigation', { name: 'Sections' })
    await expect(sections.getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page')
    await expect(sections.locator('[aria-current]')).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'false')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

    // A hash naming no section leaves the frame's Workspace, as the app reads it.
    await page.goto('./#/nowhere')
    await page.reload()
    await expect(sections.getByRole('link', { name: 'Workspace' })).toHaveAttribute('aria-current', 'page')
    await expect(sections.locator('[aria-current]')).toHaveCount(1)
  } finally {
    await context.close()
  }
})
