/**
 * The Vite plugin on real `vite preview` and `vite` servers, started with
 * Vite's JS API, answered by the real tab responder running here in Node
 * (Node's Web Locks, the `eventsource` package for the browser's EventSource)
 * over a sandbox on fake IndexedDB.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EventSource } from 'eventsource'
import { IDBFactory } from 'fake-indexeddb'
import { createServer, preview } from 'vite'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createSandboxCore, RequestJournal, SCOPES } from '../../src/api/core.ts'
import { CHANNEL, CHANNEL_FOLDER } from '../../src/bridge/protocol.ts'
import { type SandboxBridgeOptions, sandboxBridge } from '../../src/bridge/server/sandboxBridge.ts'
import { probeBridge } from '../../src/bridge/tab/bridgeProbe.ts'
import type { OutsideRequest } from '../../src/bridge/tab/outsideRequest.ts'
import type { BridgeSandbox } from '../../src/bridge/tab/runForwarded.ts'
import { type BridgeStatus, type BridgeTab, startBridge } from '../../src/bridge/tab/startBridge.ts'

type Host = { origin: string; close(): Promise<void> }

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bridge-site-'))
  await writeFile(join(root, 'index.html'), '<!doctype html><title>site</title>')
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const hosts = {
  async preview(options: SandboxBridgeOptions): Promise<Host> {
    const server = await preview({
      configFile: false,
      root,
      logLevel: 'silent',
      build: { outDir: root },
      preview: { port: 0, host: '127.0.0.1' },
      plugins: [sandboxBridge(options)],
    })
    const { port } = server.httpServer.address() as AddressInfo
    return { origin: `http://127.0.0.1:${port}`, close: () => server.close() }
  },
  async dev(options: SandboxBridgeOptions): Promise<Host> {
    const server = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', ws: false },
      plugins: [sandboxBridge(options)],
    })
    await server.listen()
    const { port } = (server.httpServer?.address() ?? {}) as AddressInfo
    return { origin: `http://127.0.0.1:${port}`, close: () => server.close() }
  },
}

function until(tab: BridgeTab, state: BridgeStatus['state']): Promise<void> {
  return new Promise((resolve) => {
    if (tab.status.state === state) return resolve()
    const off = tab.subscribe((status) => {
      if (status.state !== state) return
      off()
      resolve()
    })
  })
}

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function open(kind: keyof typeof hosts, options: SandboxBridgeOptions = {}) {
  const host = await hosts[kind]({ handoverMs: 1000, ...options })
  cleanups.push(() => host.close())
  const api = `${host.origin}/api/developer/v1`
  return { ...host, api }
}

function openTab(origin: string, sandbox: BridgeSandbox): BridgeTab {
  const tab = startBridge(sandbox, { siteUrl: `${origin}/`, EventSource, locks: navigator.locks, reconnectMs: 100 })
  cleanups.push(() => tab.stop())
  return tab
}

async function sandboxWithKey() {
  const journal = new RequestJournal()
  const core = createSandboxCore({ indexedDB: new IDBFactory(), databaseName: `bridge-${Math.random()}`, journal })
  const sandbox = { ...core, journal }
  cleanups.push(() => sandbox.close())
  const issued = await sandbox.workspace.issueKey({ scopes: SCOPES, app: 'bridge-test' })
  return { sandbox, key: issued.key, projectId: issued.projectId }
}

describe.each(['preview', 'dev'] as const)('the bridge on vite %s', (kind) => {
  it('answers 503 playground_not_open, as problem JSON naming the page to open, when no tab is open', async () => {
    const host = await open(kind)
    const response = await fetch(`${host.api}/status`, { headers: { 'X-Request-ID': 'trace-1' } })
    expect(response.status).toBe(503)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect(response.headers.get('x-request-id')).toBe('trace-1')
    const body = await response.json()
    expect(body).toMatchObject({ status: 503, code: 'playground_not_open', requestId: 'trace-1' })
    expect(body.detail).toContain(`Open ${host.origin}/ in a browser`)
  })

  it('forwards a request to the open tab, which answers from its own sandbox', async () => {
    const host = await open(kind)
    const { sandbox, key } = await sandboxWithKey()
    const tab = openTab(host.origin, sandbox)
    await until(tab, 'answering')
    const seen: OutsideRequest[] = []
    tab.onOutsideRequest((outside) => seen.push(outside))
    const response = await fetch(`${host.api}/status`, { headers: { Authorization: `Bearer ${key}`, 'User-Agent': 'bridge-test/1' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('x-ratelimit-remaining')).toBe('119')
    expect(await response.json()).toMatchObject({ project: { app: 'bridge-test' } })
    await expect.poll(() => seen.length).toBe(1)
    // Announced as the journal's own record: what GET /_developer-sandbox/requests returns for it.
    const [outside] = seen
    expect(outside?.exchange).toEqual(sandbox.journal.find(response.headers.get('x-request-id') ?? ''))
    expect(outside?.exchange).toMatchObject({ method: 'GET', status: 200, request: { headers: { authorization: '[redacted]' } } })
    expect(outside).toMatchObject({ keyHint: `…${key.slice(-4)}`, userAgent: 'bridge-test/1', origin: null })
  })

  it('never answers HTML under the API base, with or without a tab', async () => {
    const host = await open(kind)
    const paths = ['', '/', '/nope', '/status/extra', '/tools/validate', '/index.html']
    for (const path of paths) {
      const response = await fetch(`${host.api}${path}`)
      expect(response.headers.get('content-type'), path).toBe('application/problem+json')
    }
    const { sandbox } = await sandboxWithKey()
    await until(openTab(host.origin, sandbox), 'answering')
    for (const path of paths) {
      const response = await fetch(`${host.api}${path}`, { method: path === '/tools/validate' ? 'POST' : 'GET' })
      expect(response.headers.get('content-type'), path).toBe('application/problem+json')
      expect(response.status, path).not.toBe(503)
    }
  })

  it('leaves the 413 to the core: an oversized body, declared or not, is cut at the limit plus one byte', async () => {
    const host = await open(kind)
    const { sandbox, key } = await sandboxWithKey()
    await until(openTab(host.origin, sandbox), 'answering')
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }
    const oversized = JSON.stringify({ manifest: { summary: 'x'.repeat(70_000) } })
    const declared = await fetch(`${host.api}/tools/validate`, { method: 'POST', headers, body: oversized })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ code: 'payload_too_large' })
    const streamed = await fetch(`${host.api}/tools/validate`, {
      method: 'POST',
      headers,
      body: new Blob([oversized]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    const fits = await fetch(`${host.api}/tools/validate`, { method: 'POST', headers, body: JSON.stringify({ manifest: { schema: 'x' } }) })
    expect(fits.status).toBe(422)
  })

  it('answers CORS preflights with its own policy and exposes the rate-limit headers', async () => {
    const host = await open(kind)
    const { sandbox, key } = await sandboxWithKey()
    await until(openTab(host.origin, sandbox), 'answering')
    const preflight = await fetch(`${host.api}/status`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST')
    expect(preflight.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const refused = await fetch(`${host.api}/status`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost.evil.test', 'Access-Control-Request-Method': 'GET', 'X-Request-ID': 'refused-1' },
    })
    // The same refusal as developer-sandbox serve's: problem details with the request id and the common headers.
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).toBe('application/problem+json')
    expect(refused.headers.get('x-request-id')).toBe('refused-1')
    expect(refused.headers.get('x-ratelimit-limit')).toBe('120')
    expect(await refused.json()).toMatchObject({ status: 403, code: 'origin_not_allowed', requestId: 'refused-1' })
    const actual = await fetch(`${host.api}/status`, { headers: { Origin: 'http://127.0.0.1:3000', Authorization: `Bearer ${key}` } })
    expect(actual.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000')
    expect(actual.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining')
  })

  it('keeps the channel to pages of its own origin', async () => {
    const host = await open(kind)
    const channel = `${host.origin}/${CHANNEL_FOLDER}`
    const crossSite = await fetch(`${channel}${CHANNEL.events}`, { headers: { 'Sec-Fetch-Site': 'same-site' } })
    expect(crossSite.status).toBe(403)
    const forged = await fetch(`${channel}${CHANNEL.reply}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-sandbox-bridge-token': 'guess' },
      body: JSON.stringify({ id: 'x', status: 200, headers: [], body: '' }),
    })
    expect(forged.status).toBe(200)
    expect(await forged.json()).toEqual({ accepted: false })
  })
})

describe('the probe asked before the tab starts', () => {
  it("reads the server's answer, and a tab given it starts from that answer without asking again", async () => {
    const host = await open('preview')
    const probe = probeBridge(`${host.origin}/`)
    expect(await probe).toMatchObject({ available: true, apiBase: expect.any(String) })
    const fetches = vi.spyOn(globalThis, 'fetch')
    cleanups.push(() => fetches.mockRestore())
    const { sandbox, key } = await sandboxWithKey()
    const tab = startBridge(sandbox, { siteUrl: `${host.origin}/`, EventSource, locks: navigator.locks, probe })
    cleanups.push(() => tab.stop())
    await until(tab, 'answering')
    expect(fetches.mock.calls.map(([input]) => String(input)).filter((url) => url.endsWith(CHANNEL.probe))).toEqual([])
    const response = await fetch(`${host.api}/status`, { headers: { Authorization: `Bearer ${key}` } })
    expect(response.status).toBe(200)
  })

  it('is null when the server takes the probe and never answers, once its timeout has passed', async () => {
    const silent = createHttpServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise<void>((resolve) => silent.close(() => resolve())))
    cleanups.push(() => silent.closeAllConnections())
    const { port } = silent.address() as AddressInfo
    const started = Date.now()
    expect(await probeBridge(`http://127.0.0.1:${port}/`, 200)).toBeNull()
    expect(Date.now() - started).toBeGreaterThanOrEqual(150)
  })

  it('is null when no server answers, and a tab given it says the bridge is unreachable', async () => {
    const probe = probeBridge('http://127.0.0.1:9/')
    expect(await probe).toBeNull()
    const { sandbox } = await sandboxWithKey()
    const tab = startBridge(sandbox, { siteUrl: 'http://127.0.0.1:9/', EventSource, locks: navigator.locks, probe })
    cleanups.push(() => tab.stop())
    await expect.poll(() => tab.status).toEqual({ state: 'unavailable', reason: 'unreachable' })
  })
})

describe('the bridge with tabs coming and going', () => {
  it('answers 503 playground_timeout when the tab holding a request does not answer', async () => {
    const host = await open('preview', { timeoutMs: 300 })
    // A channel that takes requests and never answers: a frozen tab.
    const frozen = new EventSource(`${host.origin}/${CHANNEL_FOLDER}${CHANNEL.events}`)
    cleanups.push(() => frozen.close())
    await new Promise((resolve) => frozen.addEventListener('hello', resolve))
    const response = await fetch(`${host.api}/status`)
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ code: 'playground_timeout' })
  })

  it('stops sending requests to a tab that said it is leaving, even while its stream is still open', async () => {
    const host = await open('preview', { timeoutMs: 5000 })
    const lingering = new EventSource(`${host.origin}/${CHANNEL_FOLDER}${CHANNEL.events}`)
    cleanups.push(() => lingering.close())
    const hello = await new Promise<MessageEvent>((resolve) => lingering.addEventListener('hello', resolve))
    const { token } = JSON.parse(hello.data)
    const leave = await fetch(`${host.origin}/${CHANNEL_FOLDER}${CHANNEL.leave}`, { method: 'POST', body: token })
    expect(leave.status).toBe(204)
    const started = Date.now()
    const response = await fetch(`${host.api}/status`)
    expect(await response.json()).toMatchObject({ code: 'playground_not_open' })
    // Not the 5 s timeout of a tab that holds the request: at most the hand-over window.
    expect(Date.now() - started).toBeLessThan(2500)
  })

  it('hands over to the next tab when the leader leaves mid-burst: every request answered once, none lost', async () => {
    const host = await open('preview')
    const { sandbox, key } = await sandboxWithKey()
    const leader = openTab(host.origin, sandbox)
    await until(leader, 'answering')
    const follower = openTab(host.origin, sandbox)
    await until(follower, 'standby')
    const answeredBy = { leader: 0, follower: 0 }
    leader.onOutsideRequest(() => answeredBy.leader++)
    follower.onOutsideRequest(() => answeredBy.follower++)
    const ids = Array.from({ length: 60 }, (_, index) => `burst-${index}`)
    const results = Promise.all(
      ids.map(async (id, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 5))
        const response = await fetch(`${host.api}/status`, { headers: { Authorization: `Bearer ${key}`, 'X-Request-ID': id } })
        return { id: response.headers.get('x-request-id'), status: response.status }
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    leader.stop()
    const answers = await results
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200))
    expect(answers.map((answer) => answer.id)).toEqual(ids)
    expect(follower.status.state).toBe('answering')
    expect(answeredBy.leader).toBeGreaterThan(0)
    expect(answeredBy.follower).toBeGreaterThan(0)
  })

  it('routes a key to the tab whose database holds it, with another sandbox connected later', async () => {
    const host = await open('preview')
    const mine = await sandboxWithKey()
    const theirs = await sandboxWithKey()
    const tab = openTab(host.origin, mine.sandbox)
    await until(tab, 'answering')
    // Another browser (its own locks, its own database) connects after: it ranks first but does not know the key.
    const anotherBrowser = { request: (_name: string, _options: unknown, lead: () => Promise<void>) => lead() } as unknown as LockManager
    const other = startBridge(theirs.sandbox, { siteUrl: `${host.origin}/`, EventSource, locks: anotherBrowser })
    cleanups.push(() => other.stop())
    await until(other, 'answering')
    const served = { mine: 0, theirs: 0 }
    tab.onOutsideRequest(() => served.mine++)
    other.onOutsideRequest(() => served.theirs++)
    const response = await fetch(`${host.api}/status`, { headers: { Authorization: `Bearer ${mine.key}` } })
    expect(response.status).toBe(200)
    expect((await response.json()).project.id).toBe(mine.projectId)
    // Mine has told the server which keys it holds, so the request went straight to it. A tab announces
    // a request once the server accepted its reply, which may land just after the client's answer.
    await expect.poll(() => served).toEqual({ mine: 1, theirs: 0 })
    const unknown = await fetch(`${host.api}/status`, { headers: { Authorization: `Bearer svc_test_${'U'.repeat(43)}` } })
    expect(unknown.status).toBe(401)
    // A key no tab knows is asked of each tab once, newest first, and answered once.
    await expect.poll(() => served).toEqual({ mine: 2, theirs: 1 })
  })
})

describe('control calls through the bridge', () => {
  const ADMIN = 'bridge-admin-token-for-tests'

  /** A tab whose control handler records what reached it. */
  async function tabWithControl(origin: string, locks: LockManager = navigator.locks) {
    const { sandbox, key } = await sandboxWithKey()
    const reached: { url: string; authorization: string | null; body: string }[] = []
    const control = async (request: Request) => {
      reached.push({ url: request.url, authorization: request.headers.get('authorization'), body: await request.text() })
      return Response.json({ answeredBy: key.slice(-4) })
    }
    const tab = startBridge({ ...sandbox, control }, { siteUrl: `${origin}/`, EventSource, locks, reconnectMs: 100 })
    cleanups.push(() => tab.stop())
    await until(tab, 'answering')
    const outside: string[] = []
    tab.onOutsideRequest((request) => outside.push(request.exchange.path))
    return { key, reached, outside }
  }

  it('refuses a missing or wrong admin token with 401 problem JSON before anything reaches the tab', async () => {
    const host = await open('preview', { adminToken: ADMIN })
    const tab = await tabWithControl(host.origin)
    for (const [authorization, code] of [
      [undefined, 'admin_token_missing'],
      [`Bearer ${ADMIN}x`, 'admin_token_invalid'],
      [`Basic ${ADMIN}`, 'admin_token_invalid'],
    ] as const) {
      const response = await fetch(`${host.origin}/_developer-sandbox/clock`, {
        headers: authorization ? { Authorization: authorization } : {},
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('content-type')).toBe('application/problem+json')
      expect(await response.json()).toMatchObject({ status: 401, code })
    }
    expect(tab.reached).toEqual([])
  })

  it('forwards an authorised call to the tab without the admin token, at the root control path, and keeps it out of the history', async () => {
    const host = await open('dev', { adminToken: ADMIN })
    const tab = await tabWithControl(host.origin)
    const response = await fetch(`${host.origin}/_developer-sandbox/clock?x=1`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
      body: '{"advanceMs":1000}',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual({ answeredBy: tab.key.slice(-4) })
    expect(tab.reached).toEqual([{ url: `${host.origin}/_developer-sandbox/clock?x=1`, authorization: null, body: '{"advanceMs":1000}' }])
    expect(tab.outside).toEqual([])
  })

  it('hands the tab no admin token a client sent to the API, in a query, a header of any name or a body', async () => {
    const host = await open('dev', { adminToken: ADMIN })
    const { sandbox, key } = await sandboxWithKey()
    const tab = openTab(host.origin, sandbox)
    await until(tab, 'answering')
    const response = await fetch(`${host.api}/tools/validate?token=${ADMIN}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'X-Admin': ADMIN },
      body: JSON.stringify({ manifest: { name: ADMIN } }),
    })
    expect(response.status).toBeLessThan(500)
    const journal = JSON.stringify([...sandbox.journal.newestFirst()])
    expect(journal).toContain('token=[redacted]')
    expect(journal).toContain('"x-admin":"[redacted]"')
    expect(journal).not.toContain(ADMIN)
  })

  it('answers 503 control_unavailable while the server has no admin token, and routes by X-Sandbox-Tab-Key', async () => {
    let token: string | undefined
    const host = await open('preview', { adminToken: () => token })
    const mine = await tabWithControl(host.origin)
    const anotherBrowser = { request: (_name: string, _options: unknown, lead: () => Promise<void>) => lead() } as unknown as LockManager
    const theirs = await tabWithControl(host.origin, anotherBrowser)
    const call = (headers: Record<string, string>) => fetch(`${host.origin}/_developer-sandbox/faults`, { headers })
    const early = await call({ Authorization: 'Bearer anything' })
    expect(early.status).toBe(503)
    expect(await early.json()).toMatchObject({ code: 'control_unavailable' })
    token = ADMIN
    // The tab connected last answers unless the call names a key another tab holds.
    expect(await (await call({ Authorization: `Bearer ${ADMIN}` })).json()).toEqual({ answeredBy: theirs.key.slice(-4) })
    await expect
      .poll(
        async () => (await (await call({ Authorization: `Bearer ${ADMIN}`, 'X-Sandbox-Tab-Key': mine.key.slice(-4) })).json()).answeredBy,
      )
      .toBe(mine.key.slice(-4))
  })

  it('makes an admin token at start, in a file only the user can read, when none is given, and removes it on close', async () => {
    const host = await hosts.preview({})
    const port = new URL(host.origin).port
    const file = join(root, 'node_modules', '.cache', 'developer-sandbox', `bridge-admin-token-${port}`)
    let closed = false
    cleanups.push(() => (closed ? undefined : host.close()))
    const token = (await readFile(file, 'utf8')).trim()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const refused = await fetch(`${host.origin}/_developer-sandbox/clock`, { headers: { Authorization: 'Bearer wrong' } })
    expect(refused.status).toBe(401)
    const authorised = await fetch(`${host.origin}/_developer-sandbox/clock`, { headers: { Authorization: `Bearer ${token}` } })
    // No tab is open: past the token, the call waits for one like an API request does.
    expect(authorised.status).toBe(503)
    expect(await authorised.json()).toMatchObject({ code: 'playground_not_open' })
    await host.close()
    closed = true
    await expect(stat(file)).rejects.toThrow()
  })
})
