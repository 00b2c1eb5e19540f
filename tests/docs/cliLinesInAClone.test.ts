/**
 * Every `developer-sandbox` command line the README and docs/ show, and every one the banners of
 * `serve` and `team:dev` print, run as printed in a fresh clone (tests/support/freshClone.ts: nothing
 * built, through the real npx and npm). Substituted: the ports (a free one each) and, for a line
 * that starts a server on the default port, `--port`. Inline mentions (`npx developer-sandbox keys`)
 * must each begin a line that ran. The same lines from an installed package: tests/pack.
 */
import { globSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../support/freePort.ts'
import { freshClone, REPOSITORY, runShell, type ShellServer, shellEnvironment, startShellServer } from '../support/freshClone.ts'

const CLI = /^(?:\w+=\S+ )*(?:npx developer-sandbox|npm run (?:serve|team:dev))\b/
const PAGES = ['README.md', ...globSync('docs/*.md', { cwd: REPOSITORY })]

const read = (page: string) => readFileSync(join(REPOSITORY, page), 'utf8')
const shBlocks = (page: string) => [...read(page).matchAll(/^```sh\n([\s\S]*?)^```/gm)].map(([, body]) => (body ?? '').trim())
const cliLines = (text: string) => text.split('\n').filter((line) => CLI.test(line) || line.includes('$(npx developer-sandbox'))
/** Inline code in the prose that names a command: a reference to a line shown in full somewhere. */
const inlineMentions = (page: string) =>
  [
    ...read(page)
      .replace(/^```[\s\S]*?^```/gm, '')
      .matchAll(/`([^`]+)`/g),
  ]
    .map(([, code]) => (code ?? '').replace(/\s+/g, ' ').trim())
    .filter((code) => CLI.test(code))
/** The blocks of a page that hold a command line, in order. */
const cliBlocks = (page: string) => shBlocks(page).filter((block) => cliLines(block).length > 0)
/** A banner's command lines: from `npx` to the end of the line. */
const bannerLines = (output: string) => [...output.matchAll(/(npx developer-sandbox .*)$/gm)].map(([, line]) => line ?? '')

let clone: string
let ports: { serve: number; control: number; team: number }
const ran = new Set<string>()
const servers: ShellServer[] = []
const env = shellEnvironment()

const onPorts = (script: string) => script.replace(/\b4010\b/g, String(ports.control)).replace(/\b8787\b/g, String(ports.team))

/** Runs lines as one shell script that stops at the first failure, and notes them as run. */
function runLines(script: string, cwd: string, extra: Record<string, string> = {}) {
  const result = runShell(`set -e\n${onPorts(script)}`, cwd, { ...env, ...extra })
  expect(result.status, `${script}\n${result.stdout}\n${result.stderr}`).toBe(0)
  for (const line of cliLines(script)) ran.add(line)
  return result
}

async function startServer(line: string, cwd: string, ready: RegExp, extra: Record<string, string> = {}): Promise<ShellServer> {
  const server = await startShellServer(line, cwd, { ...env, ...extra }, ready, 600_000)
  servers.push(server)
  return server
}

function session(name: string): string {
  const folder = join(clone, 'sessions', name)
  mkdirSync(folder, { recursive: true })
  return folder
}

beforeAll(async () => {
  clone = freshClone()
  ports = { serve: await freePort(), control: await freePort(), team: await freePort() }
  // npx keeps what it links in its cache, by the clone's path: a cache of the run's own leaves none behind.
  env.npm_config_cache = join(clone, '.npm-cache')
})

afterAll(async () => {
  for (const server of servers) await server.stop()
  if (clone) rmSync(clone, { recursive: true, force: true })
})

describe('the command lines of the README, docs/ and the banners, in a fresh clone', () => {
  it('finds them', () => {
    const lines = PAGES.flatMap((page) => cliBlocks(page).flatMap(cliLines))
    expect(lines).toEqual(
      expect.arrayContaining([
        'npx developer-sandbox serve',
        'DEVELOPER_SANDBOX_ADMIN_TOKEN=my-test-token npx developer-sandbox serve --port 4010',
        'npx developer-sandbox control clock advance 86400000',
        'npx developer-sandbox workspaces list',
      ]),
    )
    // A server's line stands alone in its block: the test starts it apart.
    for (const page of PAGES)
      for (const block of cliBlocks(page)) if (/ serve\b|team:dev/.test(block)) expect(block.split('\n'), page).toHaveLength(1)
  })

  it('serve, as printed, builds what the clone lacks and opens the playground; the keys lines and the banner’s run beside it', async () => {
    const folder = session('serve')
    const server = await startServer(`npx developer-sandbox serve --port ${ports.serve}`, folder, /Stop: Ctrl\+C/)
    ran.add('npx developer-sandbox serve')
    expect(server.errors()).toContain("Building the package's JavaScript (dist-lib) from this clone's sources (not built yet)")
    expect(server.errors()).toContain("Building the playground (dist-lib/playground) from this clone's sources (not built yet)")
    expect(server.output()).toContain(`Playground: http://127.0.0.1:${ports.serve}/`)
    const page = await fetch(`http://127.0.0.1:${ports.serve}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('<meta name="developer-sandbox-host"')

    const keys = cliBlocks('docs/serve.md').find((block) => block.includes(' keys '))
    expect(keys).toBeDefined()
    expect(runLines(keys ?? '', folder).stdout).toMatch(/svc_test_/)
    const printed = bannerLines(server.output())
    expect(printed).toEqual(['npx developer-sandbox keys issue --scopes status.read,tools.read'])
    for (const line of printed) expect(runLines(line, folder).stdout).toMatch(/svc_test_/)
    await server.stop()
  }, 900_000)

  it('control.md’s serve and control lines, then the banner’s lines for the clock and faults they left', async () => {
    const folder = session('control')
    const [start, lines] = cliBlocks('docs/control.md')
    expect(start).toMatch(/ serve /)
    const first = await startServer(onPorts(start ?? ''), folder, /Stop: Ctrl\+C/)
    ran.add(start ?? '')
    runLines(lines ?? '', folder)
    await first.stop()

    const again = await startServer(onPorts(start ?? ''), folder, /Stop: Ctrl\+C/)
    const printed = bannerLines(again.output())
    expect(printed).toEqual([
      'npx developer-sandbox control clock real',
      'npx developer-sandbox control faults clear',
      'npx developer-sandbox keys issue --scopes status.read,tools.read',
    ])
    // A line printed again (the keys line) ran above already.
    for (const line of printed) if (!ran.has(line)) runLines(line, folder)
    await again.stop()
  }, 900_000)

  it('team:dev as printed, the banner’s lines, and team.md’s lines against it', async () => {
    const [start, ...blocks] = cliBlocks('docs/team.md')
    expect(start).toMatch(/npm run team:dev/)
    const token = start?.match(/DEVELOPER_SANDBOX_ADMIN_TOKEN=(\S+)/)?.[1] ?? ''
    const server = await startServer(onPorts(start ?? ''), clone, /workspaces list --url \S+\n/)
    ran.add(start ?? '')
    const printed = bannerLines(server.output())
    expect(printed).toHaveLength(3)
    // The banner asks for the token in the shell's environment, as the sandbox was given it.
    for (const line of printed) runLines(line, session('team'), { DEVELOPER_SANDBOX_ADMIN_TOKEN: token })
    // Each block follows the one before on the page, in the same shell: the first exports the URL and token.
    runLines(blocks.join('\n'), session('team'))
    await server.stop()
  }, 900_000)

  it('ran every command line the pages show, and each inline mention begins one of them', () => {
    const shown = PAGES.flatMap((page) =>
      cliBlocks(page)
        .flatMap(cliLines)
        .map((line) => `${page}: ${line}`),
    )
    expect(shown.filter((entry) => !ran.has(entry.slice(entry.indexOf(': ') + 2)))).toEqual([])
    const bare = (line: string) => line.replace(/^(?:\w+=\S+ )+/, '')
    // A mention's placeholder (`<name>`) stands for any one word.
    const pattern = (code: string) =>
      new RegExp(
        `^${bare(code)
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/<[^>\s]+>/g, '\\S+')}`,
      )
    const mentions = PAGES.flatMap((page) => inlineMentions(page).map((code) => ({ page, code })))
    expect(mentions.length).toBeGreaterThan(3)
    const unmatched = mentions.filter(({ code }) => ![...ran].some((line) => pattern(code).test(bare(line))))
    expect(unmatched.map(({ page, code }) => `${page}: ${code}`)).toEqual([])
  })
})
