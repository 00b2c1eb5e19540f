/**
 * `GET /status` over real HTTP, sequential (one connection) and 32 in
 * parallel, against (a) `developer-sandbox serve` with its state file,
 * (b) `prism mock` on the same OpenAPI document, (c) a bare node:http handler
 * answering the bytes serve answers (its headers and body, captured once). Rounds rotate the order of the three. Keys are spread
 * so that no key sees more than 110 requests in any minute (the limit is
 * 120 a minute): every answer should be 200, and any other is reported.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { emit, isCi } from '../lib/emit.ts'
import { loadLibrary } from '../lib/library.ts'
import { freePort } from '../lib/preview.ts'
import { pairedRatio, round as roundTo } from '../lib/stats.ts'
import { plaintextKeys, stateWithKeys } from './keyedState.ts'
import { residentMegabytes, type Started, startBare, startPrism, startServe, stop } from './processes.ts'

const ci = isCi()
const ROUNDS = ci ? 1 : 6
/** Seconds of one measured block, and of the warm-up before each mode. */
const BLOCK_S = ci ? 1 : 3
const WARM_UP_S = ci ? 1 : 2
/** Serve's resident memory is read after this many of its requests, and again after this many more. */
const RSS_EARLY = ci ? 1000 : 20_000
const RSS_TOTAL = ci ? 3000 : 100_000
const PER_KEY = 110
/** Enough that a key comes round only after a minute even at 44,000 req/s (the server passes 24,000 at 32 connections). */
const KEYS = ci ? 2000 : 24_000
const MODES = [
  { name: 'sequential', connections: 1 },
  { name: 'parallel32', connections: 32 },
] as const

type Target = 'serve' | 'prism' | 'prismQuiet' | 'bare'

export interface ServeVsPeersResult {
  serveOverPrismSequential: number
  serveOverPrismParallel: number
  serveOverBareSequential: number
  serveOverBareParallel: number
  serveOverQuietPrismSequential: number
  serveOverQuietPrismParallel: number
  coreInProcessRps: number
  serveRssMB: number
  serveRssGrowthMB: number
  /** Resident memory once serve has loaded the state and started, before any request: what a server left idle holds. */
  serveStartRssMB: number
  requestsPerSecond: Record<string, Partial<Record<Target, number>>>
  samples: Record<string, Partial<Record<Target, number[]>>>
  nonOk: Record<Target, number>
  rss: { early: { requests: number; mb: number }; end: { requests: number; mb: number } }
  keys: number
  loadAverage: number[]
}

/**
 * The core alone, `answer(GET /status)` in this process over the memory store
 * the server runs on, sequential: the ceiling any host of the core can reach.
 * The best of five batches after a warm-up, so a moment of noise or a late
 * compilation does not set the figure.
 */
async function coreInProcessRps(): Promise<number> {
  const { createSandboxCore, MemoryDatabase, snapshotFromFixture } = await loadLibrary()
  const batch = ci ? 1000 : 5000
  const warmUp = 2000
  // Each key takes 100 requests: 300 keys cover the warm-up and five batches without one reaching the limit.
  const keys = plaintextKeys('core', 300)
  const snapshot = snapshotFromFixture({ keys: keys.map((key) => ({ key, scopes: ['status.read'] })) })
  const memory = new MemoryDatabase()
  memory.load({ keys: snapshot.keys, projects: snapshot.projects, webhookEndpoints: snapshot.webhookEndpoints })
  const sandbox = createSandboxCore({ memory })
  const call = (index: number) => {
    const authorization = `Bearer ${keys[Math.floor(index / 100)]}`
    return sandbox.answer({
      method: 'GET',
      url: 'http://127.0.0.1/api/developer/v1/status',
      headers: { get: (name) => (name === 'authorization' ? authorization : null) },
      body: null,
    })
  }
  let sent = 0
  while (sent < warmUp) await call(sent++)
  let best = 0
  for (let round = 0; round < 5; round++) {
    const begin = performance.now()
    for (const end = sent + batch; sent < end; ) await call(sent++)
    best = Math.max(best, batch / ((performance.now() - begin) / 1000))
  }
  await sandbox.close()
  return Math.round(best)
}

const work = mkdtempSync(join(tmpdir(), 'bench-http-'))
/** Headers node:http writes on its own for any answer: left to each server, not replayed. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

/** One `GET` answer as it came over the wire: its headers (as sent, transport headers left out) and its body. */
function capturedAnswer(port: number, path: string, authorization: string): Promise<{ headers: [string, string][]; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path, headers: authorization ? { authorization } : {} }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`Failed to capture ${path}: ${response.statusCode} ${body}`))
        const headers: [string, string][] = []
        const raw = response.rawHeaders
        for (let index = 0; index < raw.length; index += 2) {
          const name = raw[index] as string
          if (!TRANSPORT_HEADERS.has(name.toLowerCase())) headers.push([name, raw[index + 1] as string])
        }
        resolve({ headers, body })
      })
    })
    request.on('error', reject)
  })
}

/** The bytes an answer's headers and body take on the wire, transport headers aside. */
const answerBytes = (answer: { headers: [string, string][]; body: string }) =>
  answer.headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, Buffer.byteLength(answer.body))

const exportPath = join(work, 'workspace.json')
const keys = await stateWithKeys(exportPath, KEYS)
// Each key takes PER_KEY requests in a row, then the next key; a key comes
// round again only after KEYS × PER_KEY requests, more than a minute's worth.
// Prism and the bare server only see that a key is there.
let sent = 0
const authorization = (target: Target) => `Bearer ${target === 'serve' ? keys[Math.floor(sent++ / PER_KEY) % keys.length] : keys[0]}`

const servers: Partial<Record<Target, Started>> = {}
try {
  servers.serve = await startServe(join(work, 'state.db'), exportPath)
  const serveStartRssMB = residentMegabytes(servers.serve.child.pid ?? 0)
  const document = join(work, 'openapi.json')
  writeFileSync(document, await (await fetch(`http://127.0.0.1:${servers.serve.port}/openapi.json`)).text())
  // The floor answers the bytes serve answers: its headers and body, captured here; a change to either would skew every ratio.
  const captured = await capturedAnswer(servers.serve.port, '/api/developer/v1/status', `Bearer ${keys.at(-1)}`)
  servers.bare = await startBare(captured)
  const bare = await capturedAnswer(servers.bare.port, '/status', '')
  if (answerBytes(bare) !== answerBytes(captured)) {
    throw new Error(
      `Failed to compare like with like: serve answers ${answerBytes(captured)} bytes of headers and body, the bare server ${answerBytes(bare)}.`,
    )
  }
  servers.prism = await startPrism(document, await freePort(), false)
  if (!ci) servers.prismQuiet = await startPrism(document, await freePort(), true)
  const targets: Target[] = ci ? ['bare', 'serve', 'prism'] : ['bare', 'serve', 'prism', 'prismQuiet']

  const paths: Record<Target, string> = { serve: '/api/developer/v1/status', prism: '/status', prismQuiet: '/status', bare: '/status' }
  let serveSent = 0
  const nonOk: Record<Target, number> = { serve: 0, prism: 0, prismQuiet: 0, bare: 0 }

  /** Loads a target for `seconds`; resolves to requests per second. */
  async function load(target: Target, connections: number, seconds: number): Promise<number> {
    const started = servers[target]
    if (!started) throw new Error(`Failed to load ${target}: not started`)
    const result = await autocannon({
      url: `http://127.0.0.1:${started.port}`,
      connections,
      pipelining: 1,
      duration: seconds,
      timeout: 30,
      requests: [
        {
          method: 'GET',
          path: paths[target],
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: authorization(target) } }),
        },
      ],
    })
    if (target === 'serve') serveSent += result.requests.total
    nonOk[target] += result.non2xx + result.errors + result.timeouts
    return result.requests.total / result.duration
  }

  const rates: Record<string, Partial<Record<Target, number[]>>> = {}
  for (const mode of MODES) {
    const perTarget: Partial<Record<Target, number[]>> = Object.fromEntries(targets.map((target) => [target, []]))
    rates[mode.name] = perTarget
    for (const target of targets) await load(target, mode.connections, WARM_UP_S)
    for (let round = 0; round < ROUNDS; round++) {
      // Serve and the bare floor run back to back, each first in every other round, so a swing of the
      // machine's speed falls on both sides of a pair; the Prisms follow, in turn.
      const order = round % 2 === 0 ? targets : ([...targets.slice(0, 2).reverse(), ...targets.slice(2).reverse()] as Target[])
      for (const target of order) {
        perTarget[target]?.push(await load(target, mode.connections, BLOCK_S))
      }
    }
  }

  // Memory: after RSS_EARLY requests, then RSS_TOTAL more, to show it does not grow with requests.
  const servePid = servers.serve.child.pid ?? 0
  while (serveSent < RSS_EARLY) await load('serve', 32, 1)
  const rssEarlyMB = residentMegabytes(servePid)
  const requestsAtEarly = serveSent
  // Counted from the first reading, however many the timed blocks already sent.
  while (serveSent < requestsAtEarly + RSS_TOTAL) await load('serve', 32, ci ? 1 : 2)
  const rssAtEndMB = residentMegabytes(servePid)

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
  }
  const rps = Object.fromEntries(
    Object.entries(rates).map(([mode, perTarget]) => [
      mode,
      Object.fromEntries(Object.entries(perTarget).map(([target, values]) => [target, Math.round(median(values ?? []))])),
    ]),
  ) as Record<string, Partial<Record<Target, number>>>
  const ratio = (mode: string, over: Target) => {
    const modeRates = rps[mode]
    return Math.round(((modeRates?.serve ?? Number.NaN) / (modeRates?.[over] ?? Number.NaN)) * 1000) / 1000
  }
  /** Serve over the bare floor: each round's ratio of its adjacent pair of blocks (time a request takes), then their median. */
  const pairedOverBare = (mode: string) => {
    const msPerRequest = (target: Target) => (rates[mode]?.[target] ?? []).map((rate) => 1000 / rate)
    return roundTo(pairedRatio(msPerRequest('bare'), msPerRequest('serve')), 3)
  }
  const result: ServeVsPeersResult = {
    serveOverPrismSequential: ratio('sequential', 'prism'),
    serveOverPrismParallel: ratio('parallel32', 'prism'),
    serveOverBareSequential: pairedOverBare('sequential'),
    serveOverBareParallel: pairedOverBare('parallel32'),
    serveOverQuietPrismSequential: ratio('sequential', 'prismQuiet'),
    serveOverQuietPrismParallel: ratio('parallel32', 'prismQuiet'),
    coreInProcessRps: await coreInProcessRps(),
    serveRssMB: rssAtEndMB,
    serveRssGrowthMB: Math.round((rssAtEndMB - rssEarlyMB) * 10) / 10,
    serveStartRssMB,
    requestsPerSecond: rps,
    samples: rates,
    nonOk,
    rss: { early: { requests: requestsAtEarly, mb: rssEarlyMB }, end: { requests: serveSent, mb: rssAtEndMB } },
    keys: keys.length,
    loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
  }
  process.stderr.write(
    `  req/s sequential: ${JSON.stringify(rps.sequential)}\n  req/s 32 parallel: ${JSON.stringify(rps.parallel32)}\n` +
      `  the core alone, in process: ${result.coreInProcessRps} req/s\n` +
      `  serve ÷ prism: ${result.serveOverPrismSequential} sequential, ${result.serveOverPrismParallel} parallel; ` +
      `serve ÷ bare: ${result.serveOverBareSequential} sequential, ${result.serveOverBareParallel} parallel\n` +
      `  serve RSS ${serveStartRssMB} MB started, ${rssEarlyMB} MB after ${requestsAtEarly} requests, ${rssAtEndMB} MB after ${serveSent}; non-200: ${JSON.stringify(nonOk)}\n`,
  )
  emit(result)
} finally {
  await Promise.all(Object.values(servers).map(stop))
  rmSync(work, { recursive: true, force: true })
}
