import { readFileSync } from 'node:fs'
import { followKeyHints, SUITE_PORT } from './support/bridge.ts'
import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, keyRow, openPlayground } from './support/playground.ts'

/**
 * The control API works against the playground's own server while a tab is
 * open: the preview server checks the admin token and forwards the call to the
 * tab, whose clock and faults are the Settings panel's.
 */

const DAY_MS = 86_400_000

test('Node fetch moves the clock, sets a fault, reads the journal and resets the open tab through the preview server; a missing or wrong token gets 401', async ({
  page,
  baseURL,
}) => {
  const hints = followKeyHints(page)
  await openPlayground(page)
  const { secret, lastFour } = await issueKey(page, { preset: 'dataViews', app: 'bridge-control' })
  await hints.held(lastFour)
  const api = new URL('api/developer/v1', baseURL).href
  // The preview server made the admin token at start (the suite sets no DEVELOPER_SANDBOX_ADMIN_TOKEN) and wrote it here.
  const token = readFileSync(`node_modules/.cache/developer-sandbox/bridge-admin-token-${SUITE_PORT}`, 'utf8').trim()
  // Another spec's tab may be connected to this server too: the key's last four route every call to this tab.
  const control = (path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) => {
    const headers: Record<string, string> = { 'X-Sandbox-Tab-Key': lastFour }
    const presented = init.token === undefined ? token : init.token
    if (presented !== null) headers.Authorization = `Bearer ${presented}`
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    return fetch(new URL(`_developer-sandbox${path}`, baseURL), {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? null : JSON.stringify(init.body),
    })
  }
  const status = () => fetch(`${api}/status`, { headers: { Authorization: `Bearer ${secret}`, 'X-Sandbox-Tab-Key': lastFour } })

  for (const [presented, code] of [
    [null, 'admin_token_missing'],
    [`${token}x`, 'admin_token_invalid'],
  ] as const) {
    const refused = await control('/clock', { method: 'PUT', body: { advanceMs: DAY_MS }, token: presented })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('content-type')).toBe('application/problem+json')
    expect(refused.headers.get('www-authenticate')).toContain('Bearer')
    expect(await refused.json()).toMatchObject({ status: 401, code })
  }
  // Refused calls changed nothing: the clock is still on real time.
  await expect(page.getByTestId('clock-shift')).toHaveCount(0)

  const moved = await fetch(new URL('_developer-sandbox/clock', baseURL), {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Sandbox-Tab-Key': lastFour },
    body: JSON.stringify({ advanceMs: 181 * DAY_MS }),
  })
  expect(moved.status).toBe(200)
  expect((await moved.json()).offsetMs).toBeGreaterThanOrEqual(181 * DAY_MS - 1000)
  await expect(page.getByTestId('clock-shift')).toHaveText('Clock +181 days')
  await expect(page.getByTestId('clock-offset')).toHaveText('+181 days')
  const back = await control('/clock', { method: 'DELETE' })
  expect((await back.json()).offsetMs).toBe(0)
  await expect(page.getByTestId('clock-shift')).toHaveCount(0)

  expect((await status()).status).toBe(200)
  const faulted = await control('/faults', { method: 'PUT', body: { authorizationUnavailable: true, count: 1 } })
  expect(await faulted.json()).toMatchObject({ authorizationUnavailable: true, count: 1 })
  const unavailable = await status()
  expect(unavailable.status).toBe(503)
  expect(Number(unavailable.headers.get('retry-after'))).toBeGreaterThan(0)
  // The fault was for one request: the next one is answered again, and the switch shows none left.
  expect((await status()).status).toBe(200)
  expect(await (await control('/faults')).json()).toMatchObject({ authorizationUnavailable: true, count: 0 })
  await control('/faults', { method: 'DELETE' })

  const journal = await control('/requests')
  expect(journal.status).toBe(200)
  const text = await journal.text()
  expect(text).not.toContain(secret)
  expect(text).not.toMatch(/svc_test_[A-Za-z0-9_-]{12}/)
  const entries = (JSON.parse(text) as { requests: { path: string; status: number; requestId: string }[] }).requests
  expect(entries.filter((entry) => entry.path.endsWith('/status')).map((entry) => entry.status)).toEqual([200, 503, 200])
  expect(entries.some((entry) => entry.path.includes('_developer-sandbox'))).toBe(false)

  // Control calls are the test suite's business: the console's history shows the API requests only.
  await goToSection(page, 'Request console')
  const outside = page.getByTestId('history-list').locator('li[data-source="outside"]')
  await expect(outside).toHaveCount(3)
  await expect(page.getByTestId('history-list')).not.toContainText('_developer-sandbox')
  // The history's outside rows are the journal's records: the same requests, newest first, with the same ids and answers.
  const rows = await outside.evaluateAll((items) =>
    items.map((item) => `${item.getAttribute('data-request-id')} ${item.getAttribute('data-status')}`),
  )
  expect(rows).toEqual(entries.map((entry) => `${entry.requestId} ${entry.status}`))

  const reset = await control('/reset', { method: 'POST' })
  expect(await reset.json()).toEqual({ keepKeys: false, keys: 0 })
  await goToSection(page, 'Workspace')
  await expect(keyRow(page, lastFour)).toHaveCount(0)
})
