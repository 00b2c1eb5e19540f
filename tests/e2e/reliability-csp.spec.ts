/**
 * No script runs that the site did not ship, and nothing leaves the origin:
 * every built page carries its Content-Security-Policy, the policy is really
 * enforced, and a whole session (playground, editor with its workers, the
 * service worker, webhook tools, the gallery and an embed) runs under it with
 * no violation and no request to another origin.
 */
import type { Frame, Page } from '@playwright/test'
import { CONTENT_SECURITY_POLICIES, CSP_PAGES, serializePolicy } from '../../src/csp/contentSecurityPolicy.ts'
import { editorText, openManifestFile, waitUntilSettled } from './editorSteps.ts'
import { expect, test } from './reliability-support.ts'
import { goToSection, issueKey, openPlayground, send } from './support/playground.ts'

test('every built page ships its policy before anything it governs, with no eval and no inline script', async ({ request }) => {
  for (const [file, page] of Object.entries(CSP_PAGES)) {
    const html = await (await request.get(file)).text()
    const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)]
    expect(metas, file).toHaveLength(1)
    const policy = metas[0]?.[1] ?? ''
    expect(policy, file).toBe(serializePolicy(CONTENT_SECURITY_POLICIES[page]))
    expect(policy).toContain("default-src 'none'")
    expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/)
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'none'")
    expect(policy).toContain("form-action 'none'")
    expect(policy).toContain("require-trusted-types-for 'script'")
    // A meta policy governs only what comes after it.
    const at = html.indexOf('http-equiv="Content-Security-Policy"')
    expect(at, file).toBeLessThan(html.search(/<script|<link rel="(stylesheet|modulepreload)"/))
    // Every script the page ships is a file of this origin.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [], `${file}: inline scripts`).toEqual([])
  }
  // Only the playground (Monaco) and the API reference (Scalar, decision 026) relax styles, and never scripts.
  expect(CONTENT_SECURITY_POLICIES.embed['style-src']).toEqual(["'self'"])
  expect(CONTENT_SECURITY_POLICIES.gallery['style-src']).toEqual(["'self'"])
  expect(CONTENT_SECURITY_POLICIES.reference['style-src']).toEqual(["'self'", "'unsafe-inline'"])
})

test('the policy is enforced: markup strings, inline handlers and scripts, eval and a foreign fetch are all refused', async ({
  page,
  session,
}) => {
  await openPlayground(page)
  const outcome = await page.evaluate(async () => {
    const fired: string[] = []
    Object.assign(window, { __cspProbe: (id: string) => fired.push(id) })
    const markup = '<img src="x-probe.png" onerror="__cspProbe(\'handler\')">'
    // Trusted Types: a plain string never reaches an HTML sink.
    let inserted = 'parsed'
    try {
      document.body.insertAdjacentHTML('beforeend', markup)
    } catch (error) {
      inserted = error instanceof Error ? error.name : String(error)
    }
    // Markup a policy vouched for (only code already running could make one) still meets script-src and img-src.
    interface ProbePolicy {
      createHTML(text: string): string
      createScript(text: string): string
    }
    const { trustedTypes } = globalThis as unknown as {
      trustedTypes: {
        createPolicy(name: string, rules: { createHTML(text: string): string; createScript(text: string): string }): ProbePolicy
      }
    }
    const same = (text: string) => text
    const probe = trustedTypes.createPolicy('csp-probe', { createHTML: same, createScript: same })
    document.body.insertAdjacentHTML('beforeend', probe.createHTML(markup))
    const script = document.createElement('script')
    script.textContent = probe.createScript("__cspProbe('inline script')")
    document.body.append(script)
    let evaluated = 'ran'
    // Out of DevTools' own evaluation (which may always eval), in a task of the page.
    await new Promise((resolve) => setTimeout(resolve, 0))
    try {
      // biome-ignore lint/security/noGlobalEval: the point is to prove the policy refuses it
      eval(probe.createScript("__cspProbe('eval')"))
    } catch (error) {
      evaluated = error instanceof Error ? error.name : String(error)
    }
    let fetched = 'answered'
    try {
      await fetch('http://127.0.0.1:9/csp-probe')
    } catch (error) {
      fetched = error instanceof Error ? error.name : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    return { fired, inserted, evaluated, fetched }
  })
  expect(outcome).toEqual({ fired: [], inserted: 'TypeError', evaluated: 'EvalError', fetched: 'TypeError' })
  const expected = [
    'require-trusted-types-for blocked trusted-types-sink',
    `img-src blocked ${session.origin}/x-probe.png`,
    'script-src-attr blocked inline',
    'script-src-elem blocked inline',
    'script-src blocked eval',
    'connect-src blocked http://127.0.0.1:9/csp-probe',
  ]
  const events = () => session.cspViolations.filter((line) => !line.startsWith('console'))
  for (const directive of expected) await expect.poll(() => events().some((line) => line.includes(directive)), directive).toBe(true)
  expect(events()).toHaveLength(expected.length)
  // The foreign fetch never became a request; the same-origin image was stopped by the browser before it was sent.
  expect(session.requests.filter((url) => url.includes('127.0.0.1'))).toEqual([])
  expect(session.failedRequests).toContain(`${session.origin}/x-probe.png csp`)
  // Chromium also logs each refusal as a console error. All were provoked on purpose; the check after the test is for everything else.
  await page.waitForTimeout(200)
  session.cspViolations.length = 0
  session.errors.length = 0
})

/** The name of the default Trusted Types policy of a page or frame: installed before the page's own code ran. */
function defaultPolicy(target: Page | Frame): Promise<string | undefined> {
  return target.evaluate(
    () => (globalThis as unknown as { trustedTypes?: { defaultPolicy?: { name: string } | null } }).trustedTypes?.defaultPolicy?.name,
  )
}

test('a whole session runs under the policy with no violation, and no request leaves the origin', async ({ page, context, session }) => {
  await test.step('playground: workspace, console, data views', async () => {
    await openPlayground(page)
    expect(await defaultPolicy(page)).toBe('default')
    await issueKey(page, { preset: 'dataViews' })
    expect(await send(page, 'getProjectStatus')).toBe('200')
    for (const [section, testId] of [
      ['Status & profile', 'status-facts'],
      ['Sessions', 'sessions'],
      ['Webhooks', 'webhooks'],
      ['Usage', 'usage-chart'],
    ] as const) {
      await goToSection(page, section)
      await expect(page.getByTestId(testId)).toBeVisible()
    }
  })

  await test.step('manifest editor: Monaco, its two workers, live validation and the preview', async () => {
    await goToSection(page, 'Manifest editor')
    await page.getByTestId('key-gate').getByRole('button', { name: 'Issue a key with tools.read, tools.validate, tools.preview' }).click()
    await waitUntilSettled(page)
    await openManifestFile(page, 'corpus/invalid-many.json')
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'invalid')
    const editor = page.getByTestId('manifest-editor')
    // Markers painted by Monaco from the JSON worker's diagnostics.
    await expect(editor.locator('.squiggly-error').first()).toBeAttached()
    // Monaco's widgets render markup through its own Trusted Types policies: hover (markdown), marker view, find,
    // completion, the command palette. The squiggle lies under the text layer: move the mouse over its place, as a reader would.
    const squiggle = await editor.locator('.squiggly-error').first().boundingBox()
    if (!squiggle) throw new Error('Failed to find a marker to hover')
    await page.mouse.move(squiggle.x + squiggle.width / 2, squiggle.y + squiggle.height / 2)
    await expect(page.locator('.monaco-editor .monaco-hover:not(.hidden)').first()).toBeVisible()
    await editorText(page).click()
    await page.keyboard.press('F8')
    await expect(editor.locator('.marker-widget')).toBeVisible()
    await page.keyboard.press('Escape')
    await page.keyboard.press('ControlOrMeta+F')
    await expect(editor.locator('.find-widget.visible')).toBeVisible()
    await page.keyboard.press('Escape')
    await page.keyboard.press('F1')
    await expect(page.locator('.quick-input-widget')).toBeVisible()
    await page.keyboard.press('Escape')
    await page.keyboard.press('ControlOrMeta+Home')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Control+Space')
    await expect(editor.locator('.suggest-widget.visible')).toBeVisible()
    await page.keyboard.press('Escape')
    await openManifestFile(page, 'corpus/valid-full.json')
    await expect(page.getByTestId('preview').getByTestId('display-mock')).toBeVisible()
    // Every worker the editor started is a script of this origin, bundled from the local package.
    const workers = page.workers().map((worker) => new URL(worker.url()).pathname)
    expect(
      workers.filter((path) => path.startsWith('/assets/')),
      `workers: ${workers.join(', ')}`,
    ).toContainEqual(expect.stringMatching(/^\/assets\/json\.worker-[\w-]+\.js$/))
    expect(
      workers.filter((path) => path.startsWith('/assets/')).every((path) => /^\/assets\/(json|editor)\.worker-[\w-]+\.js$/.test(path)),
      `workers: ${workers.join(', ')}`,
    ).toBe(true)
    // Monaco's codicon font came from this origin.
    expect(session.requests.some((url) => /\/assets\/codicon-[\w-]+\.ttf$/.test(url))).toBe(true)
  })

  await test.step('webhook specimens: create and verify in the browser', async () => {
    await page.goto('./#/webhook-specimens')
    await page.getByTestId('key-gate').getByRole('button', { name: 'Issue a key with webhooks.test' }).click()
    await page.getByRole('button', { name: 'Create a signed specimen' }).click()
    await expect(page.getByTestId('specimen')).toBeVisible()
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await expect(page.getByTestId('verify-result')).toHaveAttribute('data-reason', 'verified')
  })

  await test.step('the service worker answered under the page’s policy', async () => {
    expect(context.serviceWorkers().map((worker) => new URL(worker.url()).pathname)).toContain('/mockServiceWorker.js')
  })

  await test.step('gallery: embed.js frames every example, one runs', async () => {
    await page.goto('gallery.html')
    await expect(page.locator('[data-sandbox-example] > iframe').first()).toBeVisible()
    const frame = page.getByRole('article', { name: 'Get the project status' }).locator('iframe').contentFrame()
    await frame.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(frame.locator('.status-line .status')).toHaveAttribute('data-status', '200', { timeout: 20_000 })
    expect(await defaultPolicy(page)).toBe('default')
    const embedded = page.frame({ url: /embed\.html\?example=get-status/ })
    expect(embedded && (await defaultPolicy(embedded))).toBe('default')
  })

  await test.step('an embed on its own page', async () => {
    await page.goto('embed.html?example=validate-tool')
    await page.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(page.locator('.status-line .status')).toHaveAttribute('data-status', '200')
  })

  // The recorder saw the session (so "no foreign request" is about something): pages, chunks, workers, API calls.
  const paths = session.requests.map((url) => (url.startsWith('http') ? new URL(url).pathname : url))
  for (const expected of ['/', '/mockServiceWorker.js', '/embed.js', '/embed.html', '/gallery.html', '/api/developer/v1/status']) {
    expect(paths, expected).toContain(expected)
  }
  test.info().annotations.push({ type: 'requests', description: `${session.requests.length} requests, all to ${session.origin}` })
})
