/**
 * The user journeys every host of the playground must carry the same way:
 * the tab (its service worker, reached from outside through the bridge),
 * `serve`, and a team workspace on workerd. Each journey takes a page the
 * host's spec opened and connected, and checks what the page shows against
 * what an outside client (curl, Node's fetch) gets from the same sandbox.
 * Each issues keys of its own app, so the journeys share a sandbox without
 * sharing a rate limit or a usage count; the clock and the faults are put
 * back at the end of the journey that moves them.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, type Page, test } from '@playwright/test'
import { downloadExport, expectKeyStatus, goToSection, issueKey, SECTIONS, send } from './playground.ts'

/** A host as the journeys see it: where outside clients call it, and how its page is opened. */
export interface HostUnderTest {
  /** Names the host in app names and measurements. */
  name: 'tab' | 'serve' | 'workspace'
  /** The API's base URL as an outside client calls it, without a trailing slash. */
  apiUrl: string
  /** The admin token the page holds, which must never land in an export; none for the tab (its token never leaves its memory). */
  adminToken?: string
  /** Opens the playground on this host and waits until it is connected. */
  open(page: Page): Promise<void>
}

const run = promisify(execFile)

/** GET /status from outside the page with `secret`: the status, and the problem code when refused. */
async function statusFromOutside(host: HostUnderTest, secret: string): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${host.apiUrl}/status`, { headers: { Authorization: `Bearer ${secret}` } })
  const body = (await response.json()) as { code?: string }
  return { status: response.status, ...(body.code ? { code: body.code } : {}) }
}

/** Issues a key in the page; the host answers an outside client with it. */
export async function issueAKey(page: Page, host: HostUnderTest): Promise<void> {
  const { secret, lastFour } = await issueKey(page, { preset: 'dataViews', app: `issue-${host.name}` })
  await expectKeyStatus(page, lastFour, 'Active')
  expect(await statusFromOutside(host, secret)).toEqual({ status: 200 })
}

/** A burst from the console meets the limit of 120 a minute per key: the 121st request is refused with 429, its rate-limit headers shown. */
export async function burstToTheRateLimit(page: Page, host: HostUnderTest): Promise<void> {
  const { secret } = await issueKey(page, { preset: 'getProjectStatus', app: `burst-${host.name}` })
  const started = Date.now()
  expect(await send(page, 'getProjectStatus', 121)).toBe('429')
  console.log(`measure: 121 console requests (sequential, with history) on ${host.name} in ${Date.now() - started} ms`)
  await expect(page.getByTestId('burst-summary')).toContainText('121 requests: 120 × 200, 1 × 429')
  await expect(page.getByTestId('problem')).toContainText('rate_limited')
  const callout = page.getByTestId('rate-limit')
  await expect(callout).toContainText('120 per minute')
  await expect(callout.getByText('X-RateLimit-Remaining').locator('xpath=../..')).toContainText('0')
  await expect(callout).toContainText('X-RateLimit-Reset')
  await expect(callout).toContainText(/Retry-After\s*\d+ s/)
  // The limit is the key's, wherever the request comes from.
  expect(await statusFromOutside(host, secret)).toMatchObject({ status: 429, code: 'rate_limited' })
}

/** The usage view counts the project's requests, its own read included. */
export async function seeUsage(page: Page, host: HostUnderTest): Promise<void> {
  const { secret } = await issueKey(page, { preset: 'dataViews', app: `usage-${host.name}` })
  expect(await send(page, 'getProjectStatus', 3)).toBe('200')
  expect(await statusFromOutside(host, secret)).toEqual({ status: 200 })
  await goToSection(page, 'Usage')
  await expect(page.getByTestId('usage-total')).toHaveText('5 requests')
  await expect(page.getByTestId('usage-chart')).toBeVisible()
}

/** Moving the sandbox clock past a key's 180 days expires it, for the page and for outside clients; back to now, it is active again. */
export async function expireAKeyByTheClock(page: Page, host: HostUnderTest): Promise<void> {
  const { secret, lastFour } = await issueKey(page, { preset: 'getProjectStatus', app: `clock-${host.name}` })
  await page.getByRole('button', { name: '+181 days ahead on the sandbox clock' }).click()
  await expect(page.getByTestId('clock-shift')).toHaveText('Clock +181 days')
  await expectKeyStatus(page, lastFour, 'Expired')
  expect(await statusFromOutside(host, secret)).toEqual({ status: 401, code: 'key_expired' })
  await page.getByRole('button', { name: 'Back to now' }).click()
  await expect(page.getByTestId('clock-shift')).toHaveCount(0)
  await expectKeyStatus(page, lastFour, 'Active')
  expect(await statusFromOutside(host, secret)).toEqual({ status: 200 })
}

/** The authorisation-store fault fails outside clients' requests with 503 until it is switched off. */
export async function injectAFault(page: Page, host: HostUnderTest): Promise<void> {
  const { secret } = await issueKey(page, { preset: 'getProjectStatus', app: `fault-${host.name}` })
  await page.getByRole('switch', { name: /Authorisation store failing/ }).check()
  await expect(page.getByTestId('fault-banner')).toContainText('the authorisation store is failing')
  expect((await statusFromOutside(host, secret)).status).toBe(503)
  await page.getByRole('button', { name: 'Switch the fault off' }).click()
  await expect(page.getByTestId('fault-banner')).toHaveCount(0)
  expect(await statusFromOutside(host, secret)).toEqual({ status: 200 })
}

/** Export holds no key and no admin token; after a reset the key is refused; importing the file brings it back. */
export async function exportThenImport(page: Page, host: HostUnderTest): Promise<void> {
  const { secret, lastFour } = await issueKey(page, { preset: 'getProjectStatus', app: `export-${host.name}` })
  await goToSection(page, 'Workspace')
  const { file, text } = await downloadExport(page)
  expect(text).not.toContain(secret)
  if (host.adminToken) expect(text).not.toContain(host.adminToken)
  expect(JSON.parse(text).format).toBe('developer-sandbox/playground')

  await page.getByRole('button', { name: 'Reset everything…' }).click()
  await page.getByRole('button', { name: 'Confirm reset' }).click()
  await expect(page.getByText(/^No keys yet\./)).toBeVisible()
  expect(await statusFromOutside(host, secret)).toMatchObject({ status: 401 })

  await page.getByLabel('Choose an export file to import').setInputFiles(file)
  await expect(page.getByText(/^Imported the workspace/)).toBeVisible()
  // Exported at real time, imported at real time: no clock badge, not even one for a few milliseconds' drift.
  await expect(page.getByTestId('clock-offset')).toHaveText('real time')
  await expect(page.getByTestId('clock-shift')).toHaveCount(0)
  await expectKeyStatus(page, lastFour, 'Active')
  expect(await statusFromOutside(host, secret)).toEqual({ status: 200 })
}

/**
 * A request curl sends the host shows in the page's history within a second
 * of its answer, with its status and request id; the page's own request is
 * shown once, as the page's. Returns the measured delay in milliseconds.
 */
export async function seeCurlInTheHistory(page: Page, host: HostUnderTest): Promise<number> {
  const { secret, lastFour } = await issueKey(page, { preset: 'getProjectStatus', app: `history-${host.name}` })
  expect(await send(page, 'getProjectStatus')).toBe('200')
  const history = page.getByTestId('history-list')
  await expect(history.locator('li[data-source="console"]')).toHaveCount(1)

  const requestId = `curl-${host.name}-${Date.now()}`
  const url = `${host.apiUrl}/status`
  await run('curl', ['-sS', '-o', '/dev/null', '-H', `Authorization: Bearer ${secret}`, '-H', `X-Request-ID: ${requestId}`, url])
  const answered = Date.now()
  const row = history.locator(`li[data-source="outside"][data-request-id="${requestId}"]`)
  await expect(row).toHaveAttribute('data-status', '200', { timeout: 1000 })
  const delay = Date.now() - answered
  console.log(`measure: curl answer to outside row in the ${host.name} page's history: ${delay} ms`)
  await expect(row).toHaveCount(1)
  // The page's own request is in the history once, as the console's: the journal's copy of it is not shown as an outside one.
  // (On a remote host the history also opened with what other journeys' outside clients sent, under other keys.)
  await expect(history.locator('li[data-source="console"]')).toHaveCount(1)
  await expect(history.locator('li[data-source="outside"]', { hasText: `key …${lastFour}` })).toHaveCount(1)
  await expect(row).toContainText(`key …${lastFour}`)
  return delay
}

/**
 * A page opened after outside clients sent requests opens its history with
 * them, from the host's journal, as a new browser would see it. Remote hosts
 * only: the tab's journal is that tab's memory, so a new tab starts empty.
 */
export async function seeEarlierRequestsInTheHistory(page: Page, host: HostUnderTest): Promise<void> {
  const { secret, lastFour } = await issueKey(page, { preset: 'getProjectStatus', app: `earlier-${host.name}` })
  const requestId = `earlier-${host.name}-${Date.now()}`
  await run('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-H',
    `Authorization: Bearer ${secret}`,
    '-H',
    `X-Request-ID: ${requestId}`,
    `${host.apiUrl}/status`,
  ])
  const browser = page.context().browser()
  if (!browser) throw new Error('Failed to open a second browser context: the page has no browser')
  const context = await browser.newContext()
  try {
    const later = await context.newPage()
    await host.open(later)
    await goToSection(later, 'Request console')
    const history = later.getByTestId('history-list')
    const row = history.locator(`li[data-source="outside"][data-request-id="${requestId}"]`)
    await expect(row).toHaveAttribute('data-status', '200')
    await expect(row).toContainText(`key …${lastFour}`)
    await expect(history.locator('li[data-source="outside"]', { hasText: `key …${lastFour}` })).toHaveCount(1)
    // Reloaded, the page reads the journal again: each request keeps its one row.
    await host.open(later)
    await goToSection(later, 'Request console')
    await expect(row).toHaveCount(1)
    await expect(history.locator('li[data-source="outside"]', { hasText: `key …${lastFour}` })).toHaveCount(1)
  } finally {
    await context.close()
  }
}

/** Every link the page shows, in every section, leads somewhere on this host: a section of the page, or a page or file the host serves. */
export async function followEveryLink(page: Page, host: HostUnderTest): Promise<void> {
  const broken: string[] = []
  const here = new URL(page.url())
  const targets = new Set<string>()
  for (const section of SECTIONS) {
    await goToSection(page, section)
    const shown = await page
      .locator('a[href]')
      .evaluateAll((links) => links.filter((link) => link.checkVisibility()).map((link) => (link as HTMLAnchorElement).href))
    for (const href of shown) targets.add(href)
  }
  const elsewhere = [...targets].filter((target) => {
    const url = new URL(target)
    return !(url.origin === here.origin && url.pathname === here.pathname && url.hash)
  })
  expect(elsewhere.length, `links out of the ${host.name} page`).toBeGreaterThan(0)
  for (const target of elsewhere) {
    const response = await page.request.get(target)
    if (response.status() >= 400) broken.push(`${target} answered ${response.status()}`)
  }
  console.log(
    `measure: ${elsewhere.length} links out of the ${host.name} page: ${elsewhere.map((url) => new URL(url).pathname).join(', ')}`,
  )
  expect(broken).toEqual([])
}

/** Collects what the page logs as an error, except the refusals the journeys provoke on purpose; the spec expects none after each test. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (401|403|429|503)/.test(message.text())) errors.push(message.text())
  })
  return errors
}

/** A journey's title, its steps, and the hosts it belongs to (every host when absent). */
type Journey = readonly [
  title: string,
  run: (page: Page, host: HostUnderTest) => Promise<unknown>,
  hosts?: readonly HostUnderTest['name'][],
]

/** Every journey, in the order the host specs run them: the export journey resets the sandbox, so it comes last. */
const JOURNEYS: readonly Journey[] = [
  ['issues a key that an outside client can use', issueAKey],
  ['a burst from the console meets the rate limit of 120 a minute with 429', burstToTheRateLimit],
  ['the usage view counts the project’s requests', seeUsage],
  ['moving the sandbox clock expires a key and back to now revives it', expireAKeyByTheClock],
  ['an injected fault fails outside requests with 503 until it is switched off', injectAFault],
  ['a request sent with curl shows in the page’s history within a second, with its status and request id', seeCurlInTheHistory],
  ['every link the page shows leads somewhere on this host', followEveryLink],
  ['a page opened after outside requests were sent opens its history with them', seeEarlierRequestsInTheHistory, ['serve', 'workspace']],
  ['exports without keys or token, resets, and imports the keys back', exportThenImport],
]

/**
 * Registers each journey as a test of its own on `host`, named for where it runs; an error the page logs fails it.
 * A journey for some hosts only is not registered elsewhere (the tab's journal is its own memory: nothing outside it
 * sends requests a later page could list).
 */
export function runJourneys(where: string, hostName: HostUnderTest['name'], host: () => HostUnderTest): void {
  for (const [title, journey, hosts] of JOURNEYS) {
    if (hosts !== undefined && !hosts.includes(hostName)) continue
    test(`${title}, ${where}`, async ({ page }) => {
      expect(host().name).toBe(hostName)
      const errors = watchPageErrors(page)
      await host().open(page)
      await journey(page, host())
      expect(errors).toEqual([])
    })
  }
}
