/** The playground's steps as a user takes them, in any engine. */
import type { EnginePage, EngineView } from './engine.ts'
import { clickButton, fillField, goToSection, waitFor, waitForText } from './steps.ts'

/** Opens the playground and waits until its service worker answers for the page. */
export async function openPlayground(page: EnginePage, site: URL, section = 'workspace'): Promise<void> {
  await page.goto(new URL(`./#/${section}`, site).href)
  await waitForText(page, '[data-testid="worker-status"]', /Worker active/)
}

export interface IssuedKey {
  secret: string
  lastFour: string
}

/** Issues a key from the Workspace with a preset and an app name, and hides the secret again. */
export async function issueKey(page: EnginePage, preset: string, app: string): Promise<IssuedKey> {
  await goToSection(page, 'Workspace')
  await fillField(page, 'App', app)
  await fillField(page, 'Preset', preset)
  await clickButton(page, 'Issue key')
  // The secret, or the refusal the page shows instead, so a failure names its cause.
  const shown = await waitFor(page, 'a new secret or a refusal', () => {
    const secret = document.querySelector('[data-testid="new-secret"]')?.textContent ?? ''
    if (/^svc_test_[A-Za-z0-9_-]{43}$/.test(secret)) return { secret }
    const refusal = Array.from(document.querySelectorAll('[role="alert"]')).find((alert) => /Failed to issue/.test(alert.textContent ?? ''))
    return refusal ? { refusal: refusal.textContent ?? '' } : null
  })
  const { secret } = shown
  if (secret === undefined) throw new Error(`Failed to issue a key in the page: ${shown.refusal}`)
  await clickButton(page, 'I have copied it, hide the key')
  await waitFor(page, 'the secret hidden', () => !document.querySelector('[data-testid="new-secret"]'))
  return { secret, lastFour: secret.slice(-4) }
}

/** Waits until the Workspace's row of a key shows a status. */
export function keyStatus(page: EngineView, lastFour: string, status: 'Active' | 'Expired' | 'Revoked'): Promise<unknown> {
  return waitFor(
    page,
    `key …${lastFour} ${status}`,
    (four: string, wanted: string) =>
      Array.from(document.querySelectorAll('tr')).some(
        (row) =>
          Array.from(row.querySelectorAll('*')).some((cell) => cell.textContent === `…${four}`) &&
          row.querySelector('.badge')?.textContent === wanted,
      ),
    lastFour,
    status,
  )
}

/** Sends the console's request for an operation (`times` over) and gives the last status shown, with the burst's summary. */
export async function send(page: EnginePage, operationId: string, times = 1): Promise<{ status: string; burst: string | null }> {
  const onConsole = await page.evaluate(() => Array.from(document.querySelectorAll('h2')).some((h) => h.textContent === 'Request console'))
  if (!onConsole) await goToSection(page, 'Request console')
  await fillField(page, 'Operation', operationId)
  await fillField(page, 'Times', String(times))
  const before = await page.evaluate(() => document.querySelector('[data-testid="response-status"] code')?.textContent ?? '')
  await clickButton(page, times > 1 ? `Send ${times} times` : 'Send')
  // Done when a new answer is shown and nothing is in flight: its request id differs from the one before.
  return waitFor(
    page,
    `the answer to ${operationId}`,
    (previous: string) => {
      const line = document.querySelector('[data-testid="response-status"]')
      const id = line?.querySelector('code')?.textContent ?? ''
      if (!line || id === previous || document.querySelector('.response[aria-busy="true"]')) return null
      return {
        status: line.querySelector('.status-code')?.textContent ?? '',
        burst: document.querySelector('[data-testid="burst-summary"]')?.textContent ?? null,
      }
    },
    before,
  )
}

/** GET /status from the page with a key, through the page's own fetch: the status and the scopes the key carries. */
export function statusFromPage(page: EngineView, secret: string): Promise<{ status: number; scopes?: string[]; code?: string }> {
  return page.evaluate(async (key: string) => {
    const response = await fetch('/api/developer/v1/status', { headers: { Authorization: `Bearer ${key}` } })
    const body = (await response.json()) as { scopes?: string[]; code?: string }
    return { status: response.status, ...(body.scopes ? { scopes: body.scopes } : {}), ...(body.code ? { code: body.code } : {}) }
  }, secret)
}
