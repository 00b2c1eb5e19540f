import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { test as plain } from '@playwright/test'
import { freePort } from '../support/freePort.ts'
import { SUITE_SITE } from './support/bridge.ts'
import { expect, test } from './support/fixtures.ts'
import { goToSection, issueKey, openPlayground } from './support/playground.ts'

/**
 * The console tells the truth about HTTP: its copied snippets run verbatim in
 * a shell against the page's preview server, reach this tab's sandbox, and
 * show up in its history as outside requests.
 */

const run = promisify(execFile)

/** Runs a copied text as a person would paste it: a shell, with only the key added to the environment. */
async function inShell(command: string, key: string): Promise<string> {
  const { stdout } = await run('bash', ['-c', command], { env: { ...process.env, SANDBOX_API_KEY: key }, timeout: 30_000 })
  return stdout
}

/** What `curl -i` printed, split as HTTP frames it: the status line, the headers by lower-case name, the body. */
function curlAnswer(printed: string): { status: string; headers: Record<string, string>; body: string } {
  const [head = '', ...rest] = printed.split(/\r?\n\r?\n/)
  const [status = '', ...lines] = head.split(/\r?\n/)
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  )
  return { status, headers, body: rest.join('\n\n') }
}

test('the copied curl and Python snippets run verbatim against the preview server, and show up live in the history as outside requests', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
  await openPlayground(page)
  const { secret, lastFour } = await issueKey(page, { preset: 'dataViews', app: 'from-my-terminal' })
  await goToSection(page, 'Request console')

  const indicator = page.getByTestId('bridge-status')
  await expect(indicator).toHaveAttribute('data-state', 'answering')
  await expect(indicator).toContainText('Reachable from outside')
  const api = new URL('api/developer/v1', baseURL).href
  await expect(page.getByTestId('bridge-url')).toHaveText(api)

  await page.getByRole('button', { name: 'Copy the request as curl' }).click()
  const curl = await clipboard()
  expect(curl).toContain(`'${api}/status'`)
  expect(curl).not.toContain(secret)
  const printed = curlAnswer(await inShell(curl, secret))
  const ranAt = Date.now()
  // -i prints the status and the headers a client must read: the rate limit above all.
  expect(printed.status).toMatch(/^HTTP\/[\d.]+ 200/)
  expect(printed.headers['x-ratelimit-limit']).toBe('120')
  expect(printed.headers['x-ratelimit-remaining']).toMatch(/^\d+$/)
  const answered = JSON.parse(printed.body)
  expect(answered).toMatchObject({ project: { app: 'from-my-terminal' }, scopes: expect.arrayContaining(['status.read']) })

  const outside = page.getByTestId('history-list').locator('li[data-source="outside"]')
  await expect(outside).toHaveCount(1, { timeout: 1000 })
  const seenAfter = Date.now() - ranAt
  console.log(`measure: curl answer to outside row in the history: ${seenAfter} ms`)
  const row = outside.first()
  await expect(row.getByTestId('outside-badge')).toContainText(/outside · curl\//)
  await expect(row).toContainText('200')
  await row.locator('summary').click()
  await expect(row.locator('.outside-client')).toContainText(/User-Agent\s*curl\//)
  await expect(row.locator('.outside-client')).toContainText('(none sent: not a browser page)')
  await expect(row.locator('.history-detail table').first()).toContainText(`Bearer [redacted …${lastFour}]`)
  await expect(row).not.toContainText(secret)

  // Replayable like the console's own: once, from the page, with the key chosen now.
  await row.getByRole('button', { name: /^Replay GET \/api\/developer\/v1\/status \(200\)/ }).click()
  const consoleRows = page.getByTestId('history-list').locator('li[data-source="console"]')
  await expect(consoleRows).toHaveCount(1)
  await expect(consoleRows.first()).toContainText('200')

  // Copyable like the console's own: the entry's curl runs too.
  await row.getByRole('button', { name: 'Copy this request as curl' }).click()
  const again = await clipboard()
  expect(again).not.toContain('user-agent')
  expect(JSON.parse(curlAnswer(await inShell(again, secret)).body).project.app).toBe('from-my-terminal')

  // Python, standard library only: written to a file and run by python3.
  await page.getByRole('button', { name: 'Copy the request as Python' }).click()
  const python = await clipboard()
  expect(python).not.toContain(secret)
  const file = join(mkdtempSync(join(tmpdir(), 'sandbox-python-')), 'status.py')
  writeFileSync(file, python)
  const { stdout } = await run('python3', [file], { env: { ...process.env, SANDBOX_API_KEY: secret }, timeout: 30_000 })
  expect(stdout.startsWith('200 ')).toBe(true)
  expect(JSON.parse(stdout.slice(4)).project.app).toBe('from-my-terminal')
  await expect(outside).toHaveCount(3, { timeout: 1000 })
  await expect(outside.first().getByTestId('outside-badge')).toContainText('outside · Python-urllib/')

  // The usage view counts them: three curl runs, one Python run, the replay and the view's own request.
  await inShell(curl, secret)
  await expect(outside).toHaveCount(4, { timeout: 1000 })
  await goToSection(page, 'Usage')
  await expect(page.getByTestId('usage-total')).toHaveText('6 requests')
})

/**
 * A static host has no server of ours: the built site served by a plain file
 * server. The console says so and aims its snippets at `developer-sandbox serve`.
 */
plain('on a static host the console says outside clients cannot reach the tab, and offers the serve command', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const port = await freePort()
  const site = SUITE_SITE
  const server: ChildProcess = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', site], {
    stdio: 'ignore',
  })
  try {
    const origin = `http://127.0.0.1:${port}`
    await expect
      .poll(async () => (await fetch(`${origin}/__sandbox/bridge/probe.json`).catch(() => undefined))?.status, { timeout: 15_000 })
      .toBe(200)
    // Answered by this file server, not by some other program that held the port first.
    expect(server.exitCode).toBeNull()
    await page.goto(`${origin}/#/console`)
    await expect(page.getByTestId('worker-status')).toContainText('Worker active')
    const indicator = page.getByTestId('bridge-status')
    await expect(indicator).toHaveAttribute('data-state', 'unavailable')
    await expect(indicator).toContainText('Not reachable from outside: this page comes from a static host')
    await expect(indicator).toContainText('npx developer-sandbox serve')
    await expect(indicator).toContainText('http://127.0.0.1:4010/api/developer/v1')
    await page.getByRole('button', { name: 'Copy the request as curl' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("'http://127.0.0.1:4010/api/developer/v1/status'")
  } finally {
    server.kill('SIGTERM')
  }
})
