import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { IDBFactory } from 'fake-indexeddb'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandbox, type SandboxWithHandlers } from '../../src/api/index.ts'
import { toClientCall, toCurl, toFetch, toPython } from '../../src/app/console/snippets.ts'
import type { ConsoleRequest } from '../../src/app/state/history/historyEntry.ts'
import { nodeSnippet } from '../../src/app/webhookTools/nodeSnippet.ts'
import { isSpecimenBody } from '../../src/app/webhookTools/specimenBody.ts'
import { createSandboxClient } from '../../src/client/sandboxClient.ts'
import { EXAMPLES } from '../../src/embed/examples.ts'
import { iframeSnippet, scriptSnippet } from '../../src/embed/gallery/snippets.ts'

const ORIGIN = 'http://sandbox.test'
const API = `${ORIGIN}/api/developer/v1`
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>

let sandbox: SandboxWithHandlers
let key: string
const server = setupServer()

beforeAll(async () => {
  sandbox = await createSandbox({ indexedDB: new IDBFactory() })
  server.use(...sandbox.handlers)
  server.listen({ onUnhandledFrame: 'error' })
  key = (await sandbox.workspace.issueKey({ scopes: ['status.read', 'tools.validate'] })).key
})
afterAll(async () => {
  server.close()
  await sandbox.close()
})

const validate: ConsoleRequest = {
  method: 'POST',
  path: '/tools/validate',
  headers: { 'X-Request-ID': 'pg-42', 'X-Note': "it's mine" },
  body: JSON.stringify({ manifest: { schema: 'service.tool/v1', entry: "o'clock", permissions: [] } }),
}

/** Runs a snippet as a program would: its own console, SANDBOX_API_KEY in the environment, fetch answered by the sandbox. */
async function run(snippet: string, extra: Record<string, unknown> = {}) {
  const logged: unknown[][] = []
  const fakeConsole = { log: (...args: unknown[]) => logged.push(args), error: (...args: unknown[]) => logged.push(['error', ...args]) }
  const names = ['process', 'console', ...Object.keys(extra)]
  const program = new AsyncFunction(...names, `${snippet}\nreturn typeof result === 'undefined' ? response.status : result.status`)
  const status = await program({ env: { SANDBOX_API_KEY: key } }, fakeConsole, ...Object.values(extra))
  return { status, logged }
}

describe('console snippets', () => {
  it('never contain the key: they read it from SANDBOX_API_KEY', () => {
    for (const build of [toCurl, toFetch, toPython, toClientCall]) {
      const text = build(validate, API)
      expect(text).toContain('SANDBOX_API_KEY')
      expect(text).not.toContain(key)
    }
  })

  it('curl: the shell hands curl -i (status and headers shown), the method, URL, headers and body, quotes included', () => {
    const argv = execFileSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\n${toCurl(validate, API)}`], {
      env: { SANDBOX_API_KEY: key, PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    })
      .split('\0')
      .slice(0, -1)
    expect(argv).toEqual([
      '-i',
      '-X',
      'POST',
      `${ORIGIN}/api/developer/v1/tools/validate`,
      '-H',
      `Authorization: Bearer ${key}`,
      '-H',
      'Content-Type: application/json',
      '-H',
      'X-Request-ID: pg-42',
      '-H',
      "X-Note: it's mine",
      '--data-raw',
      validate.body,
    ])
  })

  it('fetch: runs verbatim and gets the sandbox verdict', async () => {
    const { status, logged } = await run(toFetch(validate, API))
    expect(status).toBe(200)
    expect(logged).toEqual([])
  })

  it('fetch: a refused request logs the status and the problem', async () => {
    const { status, logged } = await run(toFetch({ method: 'GET', path: '/tools', headers: {}, body: undefined }, API))
    expect(status).toBe(403)
    expect(logged[0]?.slice(0, 2)).toEqual(['error', 403])
  })

  it('typed client call: runs verbatim (after its import) and returns errors as data', async () => {
    const snippet = toClientCall(validate, API)
    const [importLine, ...rest] = snippet.split('\n')
    expect(importLine).toBe("import { createSandboxClient } from 'developer-sandbox/client'")
    expect((await run(rest.join('\n'), { createSandboxClient })).status).toBe(200)
    const broken = toClientCall({ method: 'POST', path: '/tools/validate', headers: {}, body: '{"manifest": ' }, API)
    expect(broken).toContain("client.call('validateTool', { rawBody: ")
    expect((await run(broken.split('\n').slice(1).join('\n'), { createSandboxClient })).status).toBe(400)
  })

  it("typed client call: a route the API lacks, or a query, goes through send() and gets the API's own answer", async () => {
    const missing = toClientCall({ method: 'DELETE', path: '/status', headers: {}, body: undefined }, API)
    expect(missing).toContain('client.send({ method: "DELETE", path: "/status" })')
    expect((await run(missing.split('\n').slice(1).join('\n'), { createSandboxClient })).status).toBe(405)
    const query = toClientCall({ method: 'GET', path: '/status?verbose=1', headers: {}, body: undefined }, API)
    expect((await run(query.split('\n').slice(1).join('\n'), { createSandboxClient })).status).toBe(400)
  })

  it('fetch: any method and a query are sent as written', async () => {
    const { status, logged } = await run(toFetch({ method: 'GET', path: '/status?verbose=1', headers: {}, body: undefined }, API))
    expect(status).toBe(400)
    expect(JSON.stringify(logged[0])).toContain('unknown_query_parameter')
  })
})

describe('webhook specimen: the Node snippet', () => {
  it('verifies the specimen it was made from with standardwebhooks, run by node as a file', async () => {
    const client = createSandboxClient({ origin: ORIGIN })
    const { key: webhookKey } = await sandbox.workspace.issueKey({ scopes: ['webhooks.test'] })
    const result = await client.createWebhookTest('Hello "quoted" </script>', { key: webhookKey })
    expect(isSpecimenBody(result.body)).toBe(true)
    if (!isSpecimenBody(result.body)) return
    // Inside the project, so `standardwebhooks` resolves from node_modules as it would after npm install.
    const directory = new URL('../../node_modules/.cache/app-tests/', import.meta.url)
    mkdirSync(directory, { recursive: true })
    const file = new URL('verify-webhook.mjs', directory)
    writeFileSync(file, nodeSnippet(result.body))
    const output = execFileSync(process.execPath, [file.pathname], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } })
    expect(output.trim()).toBe(`verified ${JSON.parse(result.body.specimen.payload).type}`)
  })
})

describe('docs embed snippets', () => {
  const base = new URL('https://docs.example/sandbox/')
  const example = { ...EXAMPLES[0], id: 'x"y', title: 'Say "hi" <b>' } as (typeof EXAMPLES)[number]

  it('point at the deployed site, under its base path', () => {
    expect(scriptSnippet(EXAMPLES[0] as (typeof EXAMPLES)[number], 'dark', base)).toContain('src="https://docs.example/sandbox/embed.js"')
    expect(iframeSnippet(EXAMPLES[0] as (typeof EXAMPLES)[number], 'light', base)).toContain(
      `src="https://docs.example/sandbox/embed.html?example=${EXAMPLES[0]?.id}&amp;theme=light"`,
    )
  })

  it('escape titles and ids into attributes, so no text becomes markup', () => {
    const script = scriptSnippet(example, 'auto', base)
    expect(script).toContain('data-sandbox-example="x&quot;y" data-title="Say &quot;hi&quot; &lt;b>"')
    expect(script).not.toContain('data-theme')
    expect(iframeSnippet(example, 'auto', base)).toContain('title="Developer Sandbox example: Say &quot;hi&quot; &lt;b>"')
  })
})
