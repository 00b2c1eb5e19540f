/**
 * The playground, the same journey in every engine: the tab's service worker
 * answers, keys are issued, used, rotated and revoked, the console reaches all
 * nine operations and the exact limit, Monaco keeps what is typed, state
 * survives export and import, and two tabs hold one limit.
 */
import { SCOPES } from '../../src/api/contract/scopes.ts'
import { manifestDigest } from '../../src/api/domain/manifestDigest.ts'
import { OPERATIONS } from '../../src/api/operations/registry.ts'
import type { EnginePage } from './support/engine.ts'
import { expect, test } from './support/fixtures.ts'
import { issueKey, keyStatus, openPlayground, send, statusFromPage } from './support/playgroundSteps.ts'
import { clickButton, waitFor, waitForText } from './support/steps.ts'

test('a key with every scope is issued, used, rotated and revoked', async ({ profile, site }) => {
  const page = await profile.newPage()
  await openPlayground(page, site)
  const first = await issueKey(page, 'everything', 'engines-keys')
  await keyStatus(page, first.lastFour, 'Active')
  expect(await statusFromPage(page, first.secret)).toEqual({ status: 200, scopes: [...SCOPES] })

  // Rotation: a replacement with the same scopes, a test request with it, then the old one revoked.
  await clickButton(page, `Rotate key …${first.lastFour}`)
  await clickButton(page, 'Issue replacement key')
  const fresh = await waitForText(page, '[data-testid="new-secret"]', /^svc_test_[A-Za-z0-9_-]{43}$/)
  await clickButton(page, 'I have copied it, hide the key')
  await clickButton(page, 'Send a test request with the new key')
  await waitFor(page, 'the test request answered', () => document.body.textContent?.includes('answered 200.'))
  await clickButton(page, `Revoke old key …${first.lastFour}`)
  await keyStatus(page, first.lastFour, 'Revoked')
  expect(await statusFromPage(page, first.secret)).toMatchObject({ status: 401, code: 'key_revoked' })
  expect(await statusFromPage(page, fresh)).toEqual({ status: 200, scopes: [...SCOPES] })

  // Revoked from its row, with the confirmation a user gives.
  const freshFour = fresh.slice(-4)
  await clickButton(page, `Revoke key …${freshFour}`)
  await clickButton(page, `Confirm revoke of key …${freshFour}`)
  await keyStatus(page, freshFour, 'Revoked')
  expect(await statusFromPage(page, fresh)).toMatchObject({ status: 401, code: 'key_revoked' })
})

test('the console sends all nine operations, then a burst of 130 gets exactly 120 answers before the limit', async ({ profile, site }) => {
  const page = await profile.newPage()
  await openPlayground(page, site)
  await issueKey(page, 'everything', 'engines-console')
  for (const { operationId } of OPERATIONS) {
    expect((await send(page, operationId)).status, operationId).toBe('200')
  }
  // Nine already counted: 111 more are accepted, the other 19 refused.
  const burst = await send(page, 'getProjectStatus', 130)
  expect(burst.status).toBe('429')
  expect(burst.burst).toContain('130 requests: 111 × 200, 19 × 429')
})

/** A valid one-line manifest of exactly `length` characters, padded in its name. */
function manifestOfLength(length: number): string {
  const shape = (name: string) =>
    JSON.stringify({
      schema: 'service.tool/v1',
      name,
      entry: 'typed-fast',
      permissions: ['profile.read'],
      display: { layout: 'table', icon: 'book', color: 'blue', columns: [{ name: 'Title', type: 'text' }] },
    })
  return shape('Reading log kept by hand '.repeat(80).slice(0, length - shape('').length))
}

/** The editor's agreement note once the editor's markers and the API's verdict describe the same text. */
function settled(page: EnginePage): Promise<{ status: string; pointers: string; marked: string }> {
  return waitFor(page, 'the editor settled', () => {
    const note = document.querySelector('[data-testid="agreement"][data-state="settled"]')
    if (!note) return null
    return {
      status: note.getAttribute('data-status') ?? '',
      pointers: note.getAttribute('data-api-pointers') ?? '',
      marked: note.getAttribute('data-editor-pointers') ?? '',
    }
  })
}

test('Monaco takes 1,000 characters typed at 5 ms exactly, marks a wrong value and applies its quick fix', async ({ profile, site }) => {
  test.setTimeout(300_000)
  const page = await profile.newPage()
  await openPlayground(page, site, 'editor')
  await clickButton(page, 'Issue a key with tools.read, tools.validate, tools.preview')
  await settled(page)

  const text = manifestOfLength(1000)
  expect(text).toHaveLength(1000)
  await page.click('[data-testid="manifest-editor"] .monaco-editor .view-lines')
  await page.press('Control+a')
  await page.press('Delete')
  const typing = Date.now()
  await page.type(text, 5)
  console.log(`measure: 1,000 characters typed in ${Date.now() - typing} ms`)
  expect(await settled(page)).toMatchObject({ status: 'valid' })
  // The API validated exactly the typed manifest: the preview's digest is the one of this very text.
  const shownDigest = await waitFor(page, 'the preview', () =>
    document.querySelector('[data-testid="preview"]')?.getAttribute('data-digest'),
  )
  expect(shownDigest).toBe(manifestDigest(JSON.parse(text)))
  await waitForText(page, '[data-testid="preview"] [data-testid="display-mock"]', /Reading log kept by hand/)

  // A wrong value, made as a user would: find "table", type over it. A marker, and Ctrl+. offers the fix the API's problem names.
  await page.press('Control+f')
  await page.type('table', 0)
  await page.press('Escape')
  await page.type('tabel', 0)
  // The API's problem and the editor's own marker name the same place.
  expect(await settled(page)).toMatchObject({ status: 'invalid', pointers: '["/display/layout"]', marked: '["/display/layout"]' })
  await page.click('[data-testid="problems"] .problem-button[data-pointer="/display/layout"]')
  await page.press('Control+.')
  const fix = await waitFor(page, 'the quick fix', () => {
    const item = Array.from(document.querySelectorAll('.action-widget .action-label, .action-widget span')).find(
      (node) => node.textContent === 'Change to "table"',
    )
    if (!item) return null
    item.setAttribute('data-engine-target', 'fix')
    return '[data-engine-target="fix"]'
  })
  await page.click(fix)
  expect(await settled(page)).toMatchObject({ status: 'valid' })
})

/** Clicks Export state and gives the file's text: the download is caught in the page, where every engine can hand it over. */
async function exportState(page: EnginePage): Promise<string> {
  // The page's policy keeps fetch off blob: addresses, so the file is read from the Blob as it is made.
  await page.evaluate(() => {
    const exported = window as unknown as { engineExport?: string }
    exported.engineExport = undefined
    const create = URL.createObjectURL
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      URL.createObjectURL = create
      if (blob instanceof Blob)
        void blob.text().then((text) => {
          exported.engineExport = text
        })
      return create(blob)
    }
    // No download dialog: some engines' automation windows would stop on it.
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      HTMLAnchorElement.prototype.click = click
      if (!this.download) click.call(this)
    }
  })
  await clickButton(page, 'Export state')
  return waitFor(page, 'the exported file', () => (window as unknown as { engineExport?: string }).engineExport)
}

/** Chooses a file for the import input, as the file picker would. */
async function importState(page: EnginePage, text: string): Promise<void> {
  await page.evaluate((contents: string) => {
    const input = document.querySelector<HTMLInputElement>('input[aria-label="Choose an export file to import"]')
    if (!input) throw new Error('no import input')
    const files = new DataTransfer()
    files.items.add(new File([contents], 'developer-sandbox-export.json', { type: 'application/json' }))
    input.files = files.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
  }, text)
}

test('export, reset and import keep the keys, and the export holds no secret', async ({ profile, site }) => {
  const page = await profile.newPage()
  await openPlayground(page, site)
  const kept = await issueKey(page, 'getProjectStatus', 'engines-export')
  const text = await exportState(page)
  expect(JSON.parse(text).format).toBe('developer-sandbox/playground')
  expect(text).not.toContain(kept.secret)

  await clickButton(page, 'Reset everything…')
  await clickButton(page, 'Confirm reset')
  await waitFor(page, 'an empty workspace', () => /No keys yet\./.test(document.body.textContent ?? ''))
  expect(await statusFromPage(page, kept.secret)).toMatchObject({ status: 401 })

  await importState(page, text)
  await waitFor(page, 'the import done', () => /Imported the workspace/.test(document.body.textContent ?? ''))
  await keyStatus(page, kept.lastFour, 'Active')
  expect(await statusFromPage(page, kept.secret)).toMatchObject({ status: 200 })
})

test('two tabs of one profile hold one exact limit: 130 requests in parallel, 120 accepted', async ({ profile, site }) => {
  const first = await profile.newPage()
  await openPlayground(first, site)
  const { secret } = await issueKey(first, 'getProjectStatus', 'engines-tabs')
  const second = await profile.newPage()
  await openPlayground(second, site)
  // Both bursts start in their pages before either is read, so they overlap in every engine (a driver may run one command at a time).
  type Burst = { engineBurst?: number[] }
  for (const page of [first, second]) {
    await page.evaluate((key: string) => {
      const answers = Array.from({ length: 65 }, () =>
        fetch('/api/developer/v1/status', { headers: { Authorization: `Bearer ${key}` } }).then((response) => response.status),
      )
      void Promise.all(answers).then((statuses) => {
        ;(window as Burst).engineBurst = statuses
      })
    }, secret)
  }
  const a = await waitFor(first, "the first tab's answers", () => (window as Burst).engineBurst)
  const b = await waitFor(second, "the second tab's answers", () => (window as Burst).engineBurst)
  const all = [...a, ...b]
  expect(all.filter((status) => status === 200)).toHaveLength(120)
  expect(all.filter((status) => status === 429)).toHaveLength(10)
  // Each tab really answered some of them: neither tab's sandbox stood idle while the other took all.
  expect(a.filter((status) => status === 200).length).toBeGreaterThan(0)
  expect(b.filter((status) => status === 200).length).toBeGreaterThan(0)
})
