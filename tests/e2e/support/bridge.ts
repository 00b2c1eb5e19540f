import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, type Page } from '@playwright/test'
import { CHANNEL, CHANNEL_FOLDER } from '../../../src/bridge/protocol.ts'
import { freePort } from '../../support/freePort.ts'

/** Steps the bridge specs share: curl from the test process, and a preview server of their own. */

const run = promisify(execFile)

export interface CurlAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Runs curl with `args` and the URL, as a person would in a terminal, and reads the last response it printed. */
export async function curl(url: string, args: string[] = []): Promise<CurlAnswer> {
  const { stdout } = await run('curl', ['--silent', '--show-error', '--include', '--max-time', '30', ...args, url], {
    maxBuffer: 8 * 1024 * 1024,
  })
  // `--include` prints every response's head (a 100 Continue too); the last one is the answer.
  const blocks = stdout.split(/\r\n\r\n/)
  let index = 0
  while (index < blocks.length - 1 && /^HTTP\/\S+ 1\d\d/.test(blocks[index] ?? '') && /^HTTP\//.test(blocks[index + 1] ?? '')) index++
  const [head = '', ...rest] = blocks.slice(index)
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') }
}

/** One curl run over many URLs (one connection, in order): the status of each. */
export async function curlStatuses(urls: string[], args: string[] = []): Promise<number[]> {
  const { stdout } = await run(
    'curl',
    [
      '--silent',
      '--show-error',
      '--write-out',
      '%{http_code}\\n',
      ...args,
      // --output pairs with one URL each: without its own, a URL's body would be printed among the codes.
      ...urls.flatMap((url) => ['--url', url, '--output', '/dev/null']),
    ],
    {
      maxBuffer: 8 * 1024 * 1024,
    },
  )
  return stdout.trim().split('\n').map(Number)
}

/**
 * Follows the key hints the page's tab gives its server. A request is routed
 * first to the tab that holds its key's last four; until the server has that
 * hint, it goes to the tab that connected last, which on the suite's server
 * may be another spec's: that tab declines the unknown key, and shows the
 * 401 in its own history. `held` waits until the server took a hint with
 * `lastFour`. Start following before the key is issued.
 */
export function followKeyHints(page: Page): { held(lastFour: string): Promise<void> } {
  const taken: string[][] = []
  page.on('requestfinished', async (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(`${CHANNEL_FOLDER}${CHANNEL.keys}`)) return
    const answer = (await (await request.response())?.json().catch(() => null)) as { accepted?: unknown } | null
    if (answer?.accepted === true) taken.push((JSON.parse(request.postData() ?? '{}') as { lastFour?: string[] }).lastFour ?? [])
  })
  return {
    held: (lastFour) =>
      expect.poll(() => taken.some((hints) => hints.includes(lastFour)), { message: `the server holds the hint …${lastFour}` }).toBe(true),
  }
}

export interface OwnPreview {
  origin: string
  stop(): Promise<void>
}

/**
 * A `vite preview` of the site the suite built, with the project's config (so
 * the bridge plugin), on a port of its own: a spec that must know every tab
 * connected to its bridge cannot share the suite's server with other specs' tabs.
 */
export function startOwnPreview(sitePort: number): Promise<OwnPreview> {
  return startVite(['preview', '--outDir', `node_modules/.cache/e2e-site-${sitePort}`])
}

/** The `vite` dev server with the project's config (so the bridge plugin), on a port of its own. */
export function startOwnDevServer(): Promise<OwnPreview> {
  return startVite([])
}

async function startVite(args: string[]): Promise<OwnPreview> {
  const port = await freePort('localhost')
  const child: ChildProcess = spawn(
    'node_modules/.bin/node',
    ['node_modules/vite/bin/vite.js', ...args, '--port', String(port), '--strictPort'],
    {
      stdio: 'ignore',
    },
  )
  const origin = `http://localhost:${port}`
  const started = Date.now()
  for (;;) {
    try {
      const response = await fetch(`${origin}/__sandbox/bridge/probe.json`)
      if (response.ok) break
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() - started > 30_000) {
      child.kill()
      throw new Error(
        `Failed to start "vite ${args[0] ?? 'dev'}" on port ${port}: it ${child.exitCode === null ? 'did not answer within 30 s' : `exited with ${child.exitCode}`}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** The port the suite's own server runs on: playwright.config.ts chooses it and sets E2E_PORT. */
export const SUITE_PORT = Number(process.env.E2E_PORT)

/** The suite's own build of the site (playwright.config.ts), relative to the repository. */
export const SUITE_SITE = `node_modules/.cache/e2e-site-${SUITE_PORT}`
