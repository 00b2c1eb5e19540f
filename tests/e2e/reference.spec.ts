/**
 * The API reference (reference.html): rendered from the site's OpenAPI
 * document by Scalar, with "Try it" answered by the sandbox in the tab
 * through the page's service worker. Every test runs under the reliability
 * recorder: no request to another origin, no console error, no CSP violation.
 */
import type { Page, Request } from '@playwright/test'
import { API_VERSION } from '../../src/api/core.ts'
import { expect, foreignRequests, test } from './reliability-support.ts'

const STATUS_PATH = '/api/developer/v1/status'

// The renderer is a large app (about 1.1 MB of gzipped script) that renders the whole document on load: give it time on a busy CI machine.
test.slow()

async function openReference(page: Page, hash = ''): Promise<void> {
  await page.goto(`reference.html${hash}`)
  await expect(page.locator('#reference-keys[data-ready]')).toBeAttached({ timeout: 30_000 })
}

/** Opens the client of GET /status from its "Test Request" button, sends, and returns what reached the sandbox and what came back. */
async function tryStatus(page: Page): Promise<{ request: Request; status: number; body: Record<string, unknown> }> {
  await page.locator('button', { hasText: 'Test Request(get /status)' }).click({ timeout: 60_000 })
  const send = page.getByRole('button', { name: /^Send get request to/ })
  await expect(send).toBeVisible()
  const [response] = await Promise.all([page.waitForResponse((answer) => new URL(answer.url()).pathname === STATUS_PATH), send.click()])
  const body = (await response.json()) as Record<string, unknown>
  // The answer came from the page's own service worker, not from any server.
  expect(response.fromServiceWorker()).toBe(true)
  await expect(page.getByText(`${response.status()} ${response.status() === 200 ? 'OK' : 'Unauthorized'}`).first()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(send).toBeHidden()
  return { request: response.request(), status: response.status(), body }
}

test('Try it on GET /status answers 200 with the API version with a fresh key, then 401 without one, all inside the page', async ({
  page,
  session,
}) => {
  await openReference(page, '#tag/project/GET/status')
  const keys = page.locator('#reference-key')
  await expect(keys).toHaveValue('')

  await page.getByRole('button', { name: 'Make a fresh key here' }).click()
  await expect(keys).not.toHaveValue('', { timeout: 30_000 })
  await expect(page.locator('.reference-status')).toContainText('API reference …')
  const withKey = await tryStatus(page)
  expect(withKey.status).toBe(200)
  expect(withKey.body.apiVersion).toBe(API_VERSION)
  expect(withKey.body.project).toMatchObject({ app: 'api-reference' })
  const sent = (await withKey.request.headerValue('authorization')) ?? ''
  expect(sent).toMatch(/^Bearer svc_test_[A-Za-z0-9_-]{43}$/)
  // The request examples, the intro and the token field show the key as the playground names it, never in full.
  const shown = await page.evaluate(
    // biome-ignore lint/performance/useDomNodeTextContent: what the page shows is the rendered text, which only innerText reads
    () => `${document.body.innerText} ${[...document.querySelectorAll('input')].map((input) => input.value).join(' ')}`,
  )
  expect(shown).not.toContain(sent.slice('Bearer '.length))
  expect(shown).toContain(`svc_test_...${sent.slice(-4)}`)

  await keys.selectOption('')
  await expect(page.locator('.reference-status')).toContainText('Try it sends no key')
  const withoutKey = await tryStatus(page)
  expect(withoutKey.status).toBe(401)
  expect(withoutKey.body).toMatchObject({ status: 401, code: 'key_missing' })
  expect(await withoutKey.request.headerValue('authorization')).toBeNull()

  // The recorder saw the whole session (so "nothing left" is about something), and nothing went anywhere but this origin.
  const paths = session.requests.map((url) => (url.startsWith('http') ? new URL(url).pathname : url))
  for (const expected of ['/reference.html', '/openapi.json', '/mockServiceWorker.js', STATUS_PATH]) expect(paths).toContain(expected)
  expect(foreignRequests(session)).toEqual([])
})

test('says it is loading while its scripts arrive, and the line goes once the reference is there', async ({ page }) => {
  // Scripts held back: what a reader sees while a busy machine is still fetching and running them.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/[^?]*\.js(\?|$)/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('reference.html', { waitUntil: 'commit' })
  const loading = page.getByRole('status').filter({ hasText: 'Loading the API reference…' })
  await expect(loading).toBeVisible()
  release()
  await expect(page.locator('button', { hasText: 'Test Request(get /status)' })).toBeAttached({ timeout: 60_000 })
  await expect(loading).toHaveCount(0)
})

test('the reference page sanitises markup strings instead of running them, and still refuses script text', async ({ page, session }) => {
  await openReference(page)
  const outcome = await page.evaluate(async () => {
    const fired: string[] = []
    Object.assign(window, { __referenceProbe: (id: string) => fired.push(id) })
    const host = document.createElement('div')
    host.innerHTML =
      '<img src="data:," onerror="__referenceProbe(\'handler\')"><a href="javascript:__referenceProbe(\'link\')">x</a><b>kept</b>'
    document.body.append(host)
    const style = document.createElement('style')
    style.innerHTML = '.probe > .child { color: red }'
    let scripted = 'ran'
    try {
      const script = document.createElement('script')
      script.textContent = "__referenceProbe('script')"
      document.body.append(script)
    } catch (error) {
      scripted = error instanceof Error ? error.name : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    host.remove()
    return { fired, markup: host.innerHTML, css: style.textContent, scripted }
  })
  expect(outcome).toEqual({
    fired: [],
    markup: '<img src="data:,"><a>x</a><b>kept</b>',
    css: '.probe > .child { color: red }',
    scripted: 'TypeError',
  })
  // Both refusals were provoked on purpose: the handler attribute was stopped while the sanitiser looked at it (before it
  // dropped it), and the script text met no policy. Nothing else was reported.
  const directives = () => session.cspViolations.filter((line) => !line.startsWith('console')).map((line) => line.split(' ')[1])
  await expect.poll(() => new Set(directives())).toEqual(new Set(['script-src-attr', 'require-trusted-types-for']))
  await page.waitForTimeout(200)
  session.cspViolations.length = 0
  session.errors.length = 0
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the key bar and the reference fit the width: no horizontal scroll of the page', async ({ page }) => {
    await openReference(page, '#tag/project/GET/status')
    await expect(page.getByRole('button', { name: 'Make a fresh key here' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Developer Sandbox API', level: 1 })).toBeAttached({ timeout: 60_000 })
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }))
    expect(widths.scroll).toBeLessThanOrEqual(widths.client)
    const bar = await page.locator('#reference-keys').boundingBox()
    expect(bar?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(390)
  })
})

test('the playground header and the gallery link to the reference', async ({ page }) => {
  await page.goto('./')
  await expect(page.getByRole('banner').getByRole('link', { name: 'API reference' })).toHaveAttribute('href', 'reference.html')
  await page.goto('gallery.html')
  await page.getByRole('link', { name: 'API reference' }).click()
  await expect(page).toHaveURL(/\/reference\.html$/)
  await expect(page.getByRole('region', { name: 'Key for Try it' })).toBeVisible()
})

test.describe('where the browser allows no service worker (a docs site frame that blocks third-party storage)', () => {
  test.use({ serviceWorkers: 'block' })

  test('Try it is answered by the sandbox in the page: 200 with a fresh key, 401 without, and nothing on the network', async ({
    page,
    session,
  }) => {
    await openReference(page, '#tag/project/GET/status')
    await expect(page.locator('#reference-keys')).toHaveAttribute('data-transport', 'in-page')
    await expect(page.locator('.reference-in-page')).toContainText('Try it is answered inside this page')
    await page.getByRole('button', { name: 'Make a fresh key here' }).click()
    await expect(page.locator('#reference-key')).not.toHaveValue('', { timeout: 30_000 })

    const send = async (expected: string) => {
      await page.locator('button', { hasText: 'Test Request(get /status)' }).click({ timeout: 60_000 })
      const sendButton = page.getByRole('button', { name: /^Send get request to/ })
      await sendButton.click()
      await expect(page.getByText(expected).first()).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(sendButton).toBeHidden()
    }
    await send('200 OK')
    await page.locator('#reference-key').selectOption('')
    await send('401 Unauthorized')

    const paths = session.requests.map((url) => (url.startsWith('http') ? new URL(url).pathname : url))
    expect(paths).toContain('/openapi.json')
    // Answered in the page: the API path never reached the network, and nothing left this origin.
    expect(paths).not.toContain(STATUS_PATH)
    expect(foreignRequests(session)).toEqual([])
  })
})
