/**
 * XSS: the corpus (fixtures/xss/payloads.ts) goes into every string the UI
 * renders. Each payload would call the page's hook or open a dialog if it
 * ran. Under the site's CSP nothing may run, no CSP violation may be reported
 * (an inline handler or image that the policy had to stop would still be one),
 * and every payload must be on screen as the text it is.
 */
import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import lzString from 'lz-string'
import { openEditorWithKey, waitUntilSettled } from './editorSteps.ts'
import { fitTo, isLatin1, XSS_PAYLOADS, type XssPayload } from './fixtures/xss/payloads.ts'
import { expect, type SessionRecord, test, watchForScripts } from './reliability-support.ts'
import { goToSection, issueKey, openPlayground, pasteKey } from './support/playground.ts'

type Watch = Awaited<ReturnType<typeof watchForScripts>>

/** Inputs tried per surface in this run, reported as an annotation of each test (docs/reliability.md adds them up). */
function tried(surfaces: Record<string, number>): void {
  const total = Object.values(surfaces).reduce((sum, n) => sum + n, 0)
  test.info().annotations.push({
    type: 'xss inputs',
    description: `${total} = ${Object.entries(surfaces)
      .map(([surface, n]) => `${surface} ${n}`)
      .join(', ')}`,
  })
}

/** Text as it appears inside pretty-printed JSON. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1)
/** A property name as a JSON Pointer token (RFC 6901). */
const pointerToken = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1')

async function textOf(locator: Locator): Promise<string> {
  return (await locator.evaluate((element) => element.textContent)) ?? ''
}

/** Each expected string is in the element's text, character for character: it was rendered as text, not parsed. */
async function expectAsText(locator: Locator, expected: readonly string[], what: string): Promise<void> {
  const text = await textOf(locator)
  const missing = expected.filter((needle) => !text.includes(needle))
  expect(missing, `${what}: payloads not shown as text`).toEqual([])
}

/** Elements only a parsed payload could have made inside a surface. */
async function expectNoInjectedElements(locator: Locator, what: string): Promise<void> {
  const injected = locator.locator(
    'img, script, iframe, svg animate, details[open][ontoggle], math, base, meta, style, a[href^="javascript:" i], [onerror], [onload]',
  )
  expect(await injected.count(), `${what}: elements made from a payload`).toBe(0)
}

async function expectNothingRan(watch: Watch, session: SessionRecord): Promise<void> {
  expect(await watch.fired(), 'payloads that ran').toEqual([])
  expect(watch.dialogs, 'dialogs opened').toEqual([])
  // `<img src=x>` rendered as markup would have asked for /x, and <base>/<style> for evil.invalid.
  const paths = session.requests.filter((url) => url.startsWith('http')).map((url) => new URL(url).pathname)
  expect(paths.filter((path) => path === '/x')).toEqual([])
}

/** Opens a manifest file written by the test through the editor's file picker. */
async function openFile(page: Page, name: string, text: string): Promise<void> {
  const file = test.info().outputPath(name)
  await writeFile(file, text)
  await page.getByTestId('manifest-file').setInputFiles(file)
  await expect(page.locator('.origin-note')).toContainText(`Opened from the file ${name}`)
  await waitUntilSettled(page)
}

/** A valid manifest carrying a payload in every string field a reviewer sees. */
function hostileManifest(): Record<string, unknown> {
  const [first, second, third] = XSS_PAYLOADS
  return {
    schema: 'service.tool/v1',
    name: first?.text,
    version: second?.text,
    entry: third?.text,
    summary: XSS_PAYLOADS.map((payload) => payload.text).join(' '),
    permissions: ['profile.read'],
    consequenceClass: 'C1',
    inputs: Object.fromEntries(XSS_PAYLOADS.slice(0, 4).map((payload) => [payload.text, {}])),
    display: {
      layout: 'table',
      icon: 'x-s-s',
      color: 'red',
      columns: XSS_PAYLOADS.map((payload, index) => ({
        name: fitTo(payload, 80),
        type: index % 3 === 0 ? 'select' : 'text',
        ...(index % 3 === 0
          ? { options: [fitTo(payload, 80)] }
          : index % 3 === 1
            ? { section: fitTo(payload, 80) }
            : { unit: fitTo(payload, 80) }),
      })),
    },
  }
}

/** The manifest with extra `display` properties (which the contract refuses: 422 naming each). */
function withUnknownDisplayProperties(manifest: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return { ...manifest, display: { ...(manifest.display as object), ...Object.fromEntries(names.map((name) => [name, name])) } }
}

test('manifest fields in the editor, the reviewer preview, the problems list and a shared link', async ({ page, context, session }) => {
  const watch = await watchForScripts(context)
  await openEditorWithKey(page)
  const manifest = hostileManifest()
  const columnNames = XSS_PAYLOADS.map((payload) => fitTo(payload, 80))

  await test.step('a valid manifest full of payloads, opened from a file', async () => {
    await openFile(page, 'hostile-valid.json', JSON.stringify(manifest, null, 2))
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'valid')
    const preview = page.getByTestId('preview')
    await expect(preview.getByTestId('display-mock')).toBeVisible()
    await expectAsText(preview, columnNames, 'preview columns')
    await expectAsText(preview, [manifest.name, manifest.version, manifest.entry] as string[], 'preview name, version, entry')
    await expectNoInjectedElements(page.locator('.editor-preview'), 'preview')
  })

  await test.step('an invalid manifest whose unknown display property names are payloads', async () => {
    const keys = XSS_PAYLOADS.map((payload) => fitTo(payload, 500))
    await openFile(page, 'hostile-invalid.json', JSON.stringify(withUnknownDisplayProperties(manifest, keys), null, 2))
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'invalid')
    const problems = page.getByTestId('problems')
    await expectAsText(
      problems,
      keys.map((key) => `property "${key}" is not allowed`),
      'problems list',
    )
    await expectNoInjectedElements(problems, 'problems list')
  })

  await test.step('the valid manifest again, from a shared link', async () => {
    const link = `./?manifest=${lzString.compressToEncodedURIComponent(JSON.stringify(manifest, null, 2))}#/editor`
    // A new page load: the tab's keys are gone (they live in memory only), so the gate asks again.
    await openEditorWithKey(page, link)
    await expect(page.locator('.origin-note')).toHaveText('Opened from a shared link.')
    await expectAsText(page.getByTestId('preview'), columnNames, 'preview from a link')
  })

  await expectNothingRan(watch, session)
  // valid: name, version, entry, summary (all 23), 4 input names, 23 columns; invalid: 23 names; link: the valid one again.
  tried({ 'manifest fields': 3 + 23 + 4 + 23, 'unknown property names (422)': 23, 'shared link': 3 + 23 + 4 + 23 })
})

/** Fills the console's header rows: one extra header per payload that HTTP can carry. */
async function addHeaders(page: Page, headers: readonly [string, string][]): Promise<void> {
  const existing = await page.locator('.header-row').count()
  for (const [index, [name, value]] of headers.entries()) {
    await page.getByRole('button', { name: 'Add header', exact: true }).click()
    const n = existing + index + 1
    await page.getByLabel(`Header ${n} name`).fill(name)
    await page.getByLabel(`Header ${n} value`).fill(value)
  }
}

test('console: request headers, a body, the live problem and response, and the history entry before and after a reload', async ({
  page,
  context,
  session,
}) => {
  const watch = await watchForScripts(context)
  await openPlayground(page)
  await issueKey(page, { preset: 'toolAuthor' })
  await goToSection(page, 'Request console')
  const headerPayloads = XSS_PAYLOADS.filter((payload) => isLatin1(payload.text))
  const headers = headerPayloads.map((payload): [string, string] => [`X-Xss-${payload.id}`, fitTo(payload, 2_000)])
  await addHeaders(page, headers)
  const keys = XSS_PAYLOADS.map((payload) => fitTo(payload, 500))
  // Under the history's 20,000-character cap, so the history keeps the whole body (the long summary stays out).
  const body = JSON.stringify({ manifest: withUnknownDisplayProperties({ ...hostileManifest(), summary: 'console' }, keys) })
  await page.getByLabel('Operation').selectOption('validateTool')
  await page.getByLabel('JSON body').fill(body)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('response-status').locator('.status-code')).toHaveText('422')

  const response = page.locator('section.response')
  // The notice lists the first 20 violations (in the API's order); the body has them all.
  const pointers = keys.map((key) => `/manifest/display/${pointerToken(key)}`)
  const listed = await page.getByTestId('problem').locator('.problem-errors li').allTextContents()
  expect(listed).toHaveLength(20)
  expect(
    listed.filter((item) => !pointers.some((pointer) => item.startsWith(`${pointer} property "`))),
    'problem notice',
  ).toEqual([])
  await expectAsText(response.getByTestId('response-body'), pointers.map(inJson), 'response body')
  await expectNoInjectedElements(response, 'live response')

  const expectHistoryEntry = async (when: string) => {
    const item = page.getByTestId('history-list').locator('li.history-item').first()
    await item.locator('summary').click()
    const detail = item.locator('.history-detail')
    await expect(detail).toBeVisible()
    await expectAsText(detail.locator('table').first(), headers.flat(), `${when}: request headers`)
    await expectAsText(detail.getByRole('region', { name: 'Request body' }), keys.map(inJson), `${when}: request body`)
    await expectAsText(detail.getByRole('region', { name: 'Response body' }), pointers.map(inJson), `${when}: response body`)
    await expectNoInjectedElements(page.getByTestId('history-list'), `${when}: history`)
  }
  await expectHistoryEntry('history')
  await page.reload()
  await expect(page.getByTestId('worker-status')).toContainText('Worker active')
  await expectHistoryEntry('history after a reload')

  await expectNothingRan(watch, session)
  tried({
    'request header values': headers.length,
    'request body (live, history, history after reload)': 3 * keys.length,
    'problem notice': 20,
    'response body (live, history, history after reload)': 3 * keys.length,
  })
})

test('key labels in the workspace table and a rotation that repeats one', async ({ page, context, session }) => {
  const watch = await watchForScripts(context)
  await openPlayground(page)
  // The form trims a label (p22's byte-order mark goes), as it trims every field.
  const labels = XSS_PAYLOADS.map((payload) => fitTo(payload, 80).trim())
  const labelInput = page.getByLabel('Label (optional)')
  for (const label of labels) {
    // The label must be in the field whole before the key is issued (the table is checked for exactly these),
    // and a fill can land cut short while the page is still busy with the previous key: checked, and repeated.
    await expect(async () => {
      await labelInput.fill(label)
      await expect(labelInput).toHaveValue(label, { timeout: 1000 })
    }).toPass()
    await page.getByRole('button', { name: 'Issue key' }).click()
    await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  }
  const table = page.locator('table').filter({ has: page.locator('tr[data-key-id]') })
  await expect(table.locator('tr[data-key-id]')).toHaveCount(labels.length)
  await expectAsText(table, labels, 'key table')

  // The rotation names the new key after the old one's label.
  const newest = table.locator('tr[data-key-id]').first()
  const lastFour = ((await newest.locator('.key-name').textContent()) ?? '').replace('…', '')
  await page.getByRole('button', { name: `Rotate key …${lastFour}` }).click()
  await page.getByRole('button', { name: 'Issue replacement key' }).click()
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  const rotated = `Rotated from …${lastFour} (${labels.at(-1)})`.slice(0, 80)
  await expect(table.locator('tr[data-key-id]')).toHaveCount(labels.length + 1)
  await expectAsText(table, [rotated], 'rotated key label')
  await expectNoInjectedElements(page.locator('main'), 'workspace')

  await expectNothingRan(watch, session)
  tried({ 'key labels': labels.length, 'rotated label': 1 })
})

/** A playground export whose every user string is a payload: keys, projects, endpoints and history. */
function hostileExport(key: string): { text: string; labels: string[]; endpoints: string[]; paths: string[] } {
  const now = Date.now()
  const projects = XSS_PAYLOADS.map((payload, index) => ({
    id: `prj_xss_${index}`,
    slug: `${payload.text}\u0000${payload.id}`,
    app: payload.text,
    environment: payload.text,
    createdAt: now,
    webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  }))
  const hash = (text: string) => createHash('sha256').update(text).digest('hex')
  const keys = XSS_PAYLOADS.map((payload, index) => ({
    id: `key_xss_${index}`,
    hash: index === 0 ? hash(key) : hash(`not a key ${index}`),
    lastFour: index === 0 ? key.slice(-4) : fitTo(payload, 80),
    projectId: `prj_xss_${index}`,
    app: payload.text,
    environment: payload.text,
    scopes: ['status.read', 'webhooks.read'],
    createdAt: now,
    expiresAt: now + 180 * 86_400_000,
    revokedAt: null,
    label: payload.text,
  }))
  const webhookEndpoints = XSS_PAYLOADS.map((payload, index) => ({
    id: `whe_xss_${index}`,
    projectId: 'prj_xss_0',
    url: payload.text,
    description: payload.text,
    events: [payload.text],
    enabled: true,
    latestDelivery: { status: fitTo(payload, 80), attemptedAt: null, responseStatus: null, attempts: 1 },
  }))
  const history = XSS_PAYLOADS.map((payload, index) => ({
    id: `h_xss_${index}`,
    at: new Date(now - index * 1000).toISOString(),
    sandboxAt: new Date(now - index * 1000).toISOString(),
    operationId: 'getProjectStatus',
    method: 'GET',
    path: `/api/developer/v1/${payload.text}`,
    keyHint: payload.text,
    requestHeaders: { 'x-note': payload.text },
    requestBody: payload.text,
    status: 200,
    durationMs: 1,
    responseHeaders: { 'x-echo': payload.text },
    responseBody: payload.text,
    requestId: payload.text,
  }))
  const document = {
    format: 'developer-sandbox/playground',
    version: 1,
    exportedAt: new Date(now).toISOString(),
    workspace: {
      format: 'developer-sandbox/workspace',
      version: 2,
      exportedAt: new Date(now).toISOString(),
      keys,
      projects,
      usage: [],
      keyActivity: [],
      webhookEndpoints,
    },
    history,
    settings: { clockOffsetMs: 0, faults: { authorization: 'ok', latencyMs: 0 } },
  }
  return {
    text: JSON.stringify(document),
    labels: keys.map((record) => record.label),
    endpoints: webhookEndpoints.map((endpoint) => endpoint.url),
    paths: history.map((entry) => entry.path.replace('/api/developer/v1', '')),
  }
}

test('an imported workspace file: labels, apps, environments, endpoints and history entries', async ({ page, context, session }) => {
  const watch = await watchForScripts(context)
  // A key whose hash the file carries, so the imported project can be read through the API.
  const key = `svc_test_${'x'.repeat(39)}XsS0`
  const hostile = hostileExport(key)
  const file = test.info().outputPath('hostile-export.json')
  await writeFile(file, hostile.text)

  await openPlayground(page)
  await page.getByLabel('Choose an export file to import').setInputFiles(file)
  await expect(page.getByText(`Imported the workspace, ${XSS_PAYLOADS.length} history entries`)).toBeVisible()
  const table = page.locator('table').filter({ has: page.locator('tr[data-key-id]') })
  await expect(table.locator('tr[data-key-id]')).toHaveCount(XSS_PAYLOADS.length)
  await expectAsText(table, hostile.labels, 'key labels')
  await expectAsText(
    table,
    XSS_PAYLOADS.map((payload) => payload.text),
    'apps and environments',
  )
  await expectAsText(
    table,
    XSS_PAYLOADS.slice(1).map((payload) => `…${fitTo(payload, 80)}`),
    'last four characters',
  )

  await pasteKey(page, key)
  await goToSection(page, 'Status & profile')
  await expectAsText(page.getByTestId('status-facts'), [XSS_PAYLOADS[0]?.text ?? ''], 'status: project app')
  await goToSection(page, 'Webhooks')
  const endpoints = page.getByTestId('webhooks')
  await expect(endpoints.locator('tbody tr')).toHaveCount(XSS_PAYLOADS.length)
  await expectAsText(endpoints, hostile.endpoints, 'endpoint URLs, descriptions, events')
  await expectAsText(
    endpoints,
    XSS_PAYLOADS.map((payload) => fitTo(payload, 80)),
    'delivery statuses',
  )
  await expectNoInjectedElements(page.locator('main'), 'webhooks')

  await goToSection(page, 'Request console')
  const items = page.getByTestId('history-list').locator('li.history-item')
  await expect(items).toHaveCount(XSS_PAYLOADS.length)
  for (const item of await items.all()) await item.locator('summary').click()
  const list = page.getByTestId('history-list')
  await expect(list.locator('.history-detail')).toHaveCount(XSS_PAYLOADS.length)
  await expectAsText(list, hostile.paths, 'history paths')
  await expectAsText(
    list,
    XSS_PAYLOADS.map((payload) => payload.text),
    'history headers, bodies and request ids',
  )
  await expectNoInjectedElements(page.locator('main'), 'history')

  await expectNothingRan(watch, session)
  const n = XSS_PAYLOADS.length
  tried({
    // The first key's last four are the real key's.
    'imported key labels, apps, environments, last four': 3 * n + (n - 1),
    'imported project app (status view)': 1,
    'imported endpoint url, description, event, delivery status': 4 * n,
    'imported history path, key hint, request header, request body, response header, response body, request id': 7 * n,
  })
})

test('webhook specimen messages', async ({ page, context, session }) => {
  const watch = await watchForScripts(context)
  await page.goto('./#/webhook-specimens')
  await page.getByTestId('key-gate').getByRole('button', { name: 'Issue a key with webhooks.test' }).click()
  for (const payload of XSS_PAYLOADS) {
    const message = fitTo(payload, 200)
    await page.getByLabel('Message (optional)').fill(message)
    await page.getByRole('button', { name: 'Create a signed specimen' }).click()
    await expect(page.getByTestId('specimen-payload')).toContainText(inJson(message).slice(-30))
    await expectAsText(page.getByTestId('specimen-payload'), [inJson(message)], `specimen ${payload.id}`)
    await expectNoInjectedElements(page.getByTestId('specimen'), `specimen ${payload.id}`)
  }
  await expectNothingRan(watch, session)
  tried({ 'webhook specimen message': XSS_PAYLOADS.length })
})

// Two tests, not one: each payload is a page load or a sandbox run, and on a busy machine the
// two loops together outlast one test's time budget although every step is answered.
test('embeds: an example id from the URL', async ({ page, context, session }) => {
  const watch = await watchForScripts(context)
  for (const payload of XSS_PAYLOADS) {
    // A URL of a couple of thousand characters is what servers and browsers carry.
    const id = fitTo(payload, 2_000)
    // The state that matters is the rendered answer, not the load event: wait for that alone.
    await page.goto(`embed.html?example=${encodeURIComponent(id)}`, { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { name: 'Unknown example' })).toBeVisible()
    await expectAsText(page.locator('main'), [`There is no example "${id.slice(0, 80)}"`], `embed id ${payload.id}`)
    await expectNoInjectedElements(page.locator('body'), `embed id ${payload.id}`)
  }
  await expectNothingRan(watch, session)
  tried({ 'embed example id (URL)': XSS_PAYLOADS.length })
})

test('embeds: a webhook message typed into an embed', async ({ page, context, session }) => {
  const watch = await watchForScripts(context)
  await page.goto('embed.html?example=webhook-test')
  const body = page.getByLabel('Request body (JSON, sent as typed)')
  for (const payload of XSS_PAYLOADS) {
    const message = fitTo(payload, 200)
    await body.fill(JSON.stringify({ message }))
    await page.getByRole('button', { name: /^Run/ }).click()
    const response = page.locator('.response')
    await expect(page.locator('.status-line .status')).toHaveAttribute('data-status', '200')
    // The message is inside the specimen's payload, a JSON string inside the JSON body: escaped twice.
    const shown = inJson(inJson(message))
    await expect(response).toContainText(shown.slice(-30))
    await expectAsText(response, [shown], `embed response ${payload.id}`)
    await expectNoInjectedElements(page.locator('body'), `embed response ${payload.id}`)
  }
  await expectNothingRan(watch, session)
  tried({ 'embed request body → response': XSS_PAYLOADS.length })
})

/**
 * The controls that make the checks above mean something: the same payloads,
 * inserted as markup on purpose, do run when the policy is bypassed (so a
 * surface that rendered them as HTML would have been caught). Under the
 * site's policy, Trusted Types refuses every one as a string, and markup a
 * policy vouched for still runs nothing (script-src).
 */
test('control: the payloads are live as markup without the policy, and all blocked by it', async ({
  browser,
  baseURL,
  page,
  context,
  session,
}) => {
  /** Inserts each payload as markup; `vouch` first passes it through a Trusted Types policy the test makes. */
  const insertAll = (target: Page, payloads: readonly XssPayload[], vouch: boolean) =>
    target.evaluate(
      async ({ texts, vouch }) => {
        const factory = (globalThis as unknown as { trustedTypes?: { createPolicy(name: string, rules: object): unknown } }).trustedTypes
        const policy = vouch
          ? (factory?.createPolicy('xss-control', { createHTML: (text: string) => text }) as { createHTML(text: string): string })
          : undefined
        let refused = 0
        for (const text of texts) {
          const host = document.createElement('div')
          try {
            host.innerHTML = policy ? policy.createHTML(text) : text
          } catch {
            refused++
          }
          document.body.append(host)
        }
        await new Promise((resolve) => setTimeout(resolve, 1_500))
        return refused
      },
      { texts: payloads.map((payload) => payload.text), vouch },
    )

  const bypassing = await browser.newContext({ bypassCSP: true, serviceWorkers: 'block', ...(baseURL ? { baseURL } : {}) })
  const open = await watchForScripts(bypassing)
  const unprotected = await bypassing.newPage()
  // A page of the site with its policy bypassed: the markup is all that matters.
  await unprotected.route(/\/x$/, (route) => route.fulfill({ status: 404 }))
  await unprotected.goto('embed.html')
  expect(await insertAll(unprotected, XSS_PAYLOADS, false)).toBe(0)
  const ranOpen = [...new Set((await open.fired()).map((hit) => hit.split(' ')[0]))].sort()
  const dialogsOpen = open.dialogs.map((dialog) => dialog.replace('alert: ', ''))
  await bypassing.close()
  // Handlers and srcdoc frames run from innerHTML; a <script> inserted that way never does, nor does a URL nobody follows.
  expect([...ranOpen, ...dialogsOpen].sort()).toEqual(['p01', 'p05', 'p10', 'p11', 'p16', 'p17', 'p20', 'p22', 'p23'])

  const guarded = await watchForScripts(context)
  await page.goto('embed.html')
  expect(await insertAll(page, XSS_PAYLOADS, false), 'strings Trusted Types refused').toBe(XSS_PAYLOADS.length)
  expect(await insertAll(page, XSS_PAYLOADS, true), 'vouched markup refused').toBe(0)
  expect(await guarded.fired()).toEqual([])
  expect(guarded.dialogs).toEqual([])
  const violations = session.cspViolations.filter((line) => !line.startsWith('console'))
  expect(violations.filter((line) => line.includes('require-trusted-types-for')).length).toBe(XSS_PAYLOADS.length)
  expect(
    violations.some((line) => line.includes('script-src-attr blocked inline')),
    'handlers refused by script-src',
  ).toBe(true)
  // Provoked on purpose here; the session check after the test is for everything else.
  session.cspViolations.length = 0
  session.errors.length = 0
  session.failedRequests.length = 0
})
