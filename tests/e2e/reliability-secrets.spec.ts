/**
 * Secrets: after a whole session in the UI (issue, use, rotate, revoke,
 * export), neither plaintext key nor its 43-character secret part is kept
 * anywhere the browser stores or shows data for the site.
 */
import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, navigationEntries, readStoredSurfaces, test } from './reliability-support.ts'
import { downloadExport, expectKeyStatus, goToSection, issueKey, openPlayground, send } from './support/playground.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Every place a key could hide: the whole key and the part after `svc_test_`. */
const needles = (key: string) => [key, key.slice('svc_test_'.length)]

async function addHeader(page: Page, name: string, value: string): Promise<void> {
  await page.getByRole('button', { name: 'Add header', exact: true }).click()
  const rows = page.locator('.header-row')
  const n = await rows.count()
  await page.getByLabel(`Header ${n} name`).fill(name)
  await page.getByLabel(`Header ${n} value`).fill(value)
}

test('no plaintext key survives a session anywhere: IndexedDB, Web Storage, history, export, console, caches, URLs', async ({
  page,
  session,
}) => {
  await openPlayground(page)
  const old = await issueKey(page, { preset: 'everything' })
  expect(old.secret).toMatch(/^svc_test_[A-Za-z0-9_-]{43}$/)

  await test.step('use the key for every kind of request, and paste it where it does not belong', async () => {
    expect(await send(page, 'getProjectStatus')).toBe('200')
    expect(await send(page, 'getDeveloperProfile')).toBe('200')
    expect(await send(page, 'getProjectUsage')).toBe('200')
    expect(await send(page, 'validateTool')).toBe('200')
    // A user mistake: the key pasted into a header and into a body. The API echoes the message back.
    await addHeader(page, 'X-Debug-Key', old.secret)
    await page.getByLabel('Operation').selectOption('createWebhookTest')
    await page.getByLabel('JSON body').fill(JSON.stringify({ message: `my key is ${old.secret}` }))
    expect(await send(page, 'createWebhookTest')).toBe('200')
    await page.getByRole('button', { name: 'Remove header 2' }).click()
    expect(await send(page, 'listWebhookEndpoints')).toBe('200')
  })

  let fresh = ''
  await test.step('rotate: new key, test request, revoke the old one', async () => {
    await goToSection(page, 'Workspace')
    await page.getByRole('button', { name: `Rotate key …${old.lastFour}` }).click()
    await page.getByRole('button', { name: 'Issue replacement key' }).click()
    fresh = (await page.getByTestId('new-secret').textContent()) ?? ''
    expect(fresh).toMatch(/^svc_test_[A-Za-z0-9_-]{43}$/)
    await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
    await page.getByRole('button', { name: 'Send a test request with the new key' }).click()
    await expect(page.getByText('answered 200.')).toBeVisible()
    await page.getByRole('button', { name: `Revoke old key …${old.lastFour}` }).click()
    await expectKeyStatus(page, old.lastFour, 'Revoked')
    expect(await send(page, 'listDeveloperSessions')).toBe('200')
    expect(await send(page, 'previewTool')).toBe('200')
  })

  let exported = ''
  await test.step('export the workspace to a file', async () => {
    await goToSection(page, 'Workspace')
    exported = (await downloadExport(page)).text
  })
  // The console's probe proves console messages are being captured at all.
  await page.evaluate(() => console.info('reliability probe: console capture works'))
  await expect.poll(() => session.consoleMessages.some((message) => message.includes('reliability probe'))).toBe(true)

  const stored = await readStoredSurfaces(page)
  const history = await navigationEntries(page)
  const cookies = JSON.stringify(await page.context().cookies())

  await test.step('each surface holds the session’s data, so an absent key means something', async () => {
    const keys = stored.indexedDB['developer-sandbox/keys'] ?? ''
    expect(keys, 'the keys store holds both keys as hashes').toContain(sha256(old.secret))
    expect(keys).toContain(sha256(fresh))
    expect(Object.keys(stored.indexedDB).length, 'stores read').toBeGreaterThanOrEqual(7)
    const persisted = (
      JSON.parse(stored.indexedDB['developer-sandbox-playground-history/entries'] ?? '{"records":[]}') as {
        records: { keyHint: string | null; requestHeaders: Record<string, string> }[]
      }
    ).records
    expect(persisted.length, 'persisted history entries').toBe(8)
    expect(persisted.map((entry) => entry.keyHint)).toContain(`…${old.lastFour}`)
    expect(persisted.map((entry) => entry.keyHint)).toContain(`…${fresh.slice(-4)}`)
    expect(JSON.stringify(persisted), 'the pasted header is kept, redacted').toContain(`svc_test_[redacted …${old.lastFour}]`)
    expect(exported).toContain(sha256(fresh))
    expect(JSON.parse(exported).history).toHaveLength(8)
    expect(stored.urls).toContain(session.origin)
    expect(history.length).toBeGreaterThan(0)
  })

  const surfaces: Record<string, string> = {
    ...Object.fromEntries(Object.entries(stored.indexedDB).map(([name, text]) => [`IndexedDB ${name}`, text])),
    localStorage: stored.localStorage,
    sessionStorage: stored.sessionStorage,
    'Cache Storage': stored.cacheStorage,
    cookies: `${stored.cookies}\n${cookies}`,
    'URL, title, service workers, resource URLs': stored.urls,
    'session history entries': history.join('\n'),
    'export file': exported,
    'console messages': session.consoleMessages.join('\n'),
    'request URLs': session.requests.join('\n'),
    'the page as shown now': stored.dom,
  }
  for (const [surface, text] of Object.entries(surfaces)) {
    for (const needle of [...needles(old.secret), ...needles(fresh)]) {
      expect(text.includes(needle), `${surface} holds a key (${needle.slice(0, 12)}…)`).toBe(false)
    }
  }
  test.info().annotations.push({ type: 'surfaces', description: `${Object.keys(surfaces).length} surfaces scanned` })
})

test('a key remembered in this browser (opt-in) is kept in exactly one place, and leaves it when revoked; the others nowhere', async ({
  page,
  session,
}) => {
  const REMEMBERED = 'developer-sandbox-playground:remembered-keys'
  await openPlayground(page)
  const plain = await issueKey(page, { preset: 'everything' })

  await goToSection(page, 'Workspace')
  await page.getByLabel('Preset').selectOption('everything')
  await page.getByRole('button', { name: 'Issue key' }).click()
  const kept = (await page.getByTestId('new-secret').textContent()) ?? ''
  expect(kept).toMatch(/^svc_test_[A-Za-z0-9_-]{43}$/)
  await page.getByRole('checkbox', { name: 'Remember this key in this browser (.env)' }).check()
  await page.getByRole('button', { name: 'I have copied it, hide the key' }).click()
  expect(await send(page, 'getProjectStatus')).toBe('200')
  expect(await send(page, 'validateTool')).toBe('200')
  await page.reload()
  expect(await send(page, 'getProjectUsage')).toBe('200')

  await goToSection(page, 'Workspace')
  const exported = (await downloadExport(page)).text

  const stored = await readStoredSurfaces(page)
  const local = JSON.parse(stored.localStorage) as Record<string, string>
  // The one place the user chose: the documented entry, holding that key and only that key.
  expect(Object.values(JSON.parse(local[REMEMBERED] ?? '{}'))).toEqual([kept])
  const { [REMEMBERED]: _chosen, ...otherLocal } = local
  const surfaces: Record<string, string> = {
    ...Object.fromEntries(Object.entries(stored.indexedDB).map(([name, text]) => [`IndexedDB ${name}`, text])),
    'localStorage, other entries': JSON.stringify(otherLocal),
    sessionStorage: stored.sessionStorage,
    'Cache Storage': stored.cacheStorage,
    cookies: stored.cookies,
    'URL, title, service workers, resource URLs': stored.urls,
    'session history entries': (await navigationEntries(page)).join('\n'),
    'export file': exported,
    'console messages': session.consoleMessages.join('\n'),
    'request URLs': session.requests.join('\n'),
    'the page as shown now': stored.dom,
  }
  expect(exported).toContain(sha256(kept))
  for (const [surface, text] of Object.entries(surfaces)) {
    for (const needle of [...needles(kept), ...needles(plain.secret)]) {
      expect(text.includes(needle), `${surface} holds a key (${needle.slice(0, 12)}…)`).toBe(false)
    }
  }
  expect(stored.localStorage.includes(plain.secret), 'the key not remembered is not in localStorage').toBe(false)

  // Revoking the remembered key takes its plaintext out of storage.
  await page.getByRole('button', { name: `Revoke key …${kept.slice(-4)}` }).click()
  await page.getByRole('button', { name: `Confirm revoke of key …${kept.slice(-4)}` }).click()
  await expectKeyStatus(page, kept.slice(-4), 'Revoked')
  const after = await readStoredSurfaces(page)
  for (const needle of needles(kept)) expect(after.localStorage.includes(needle)).toBe(false)
})
