/**
 * The sandbox under msw/node against a bare msw/node handler returning fixed
 * JSON, both in one server: sequential requests per second. The two are
 * measured in alternating blocks after a warm-up. The headline figure is the
 * store Node users get by default (memory); the same over fake-indexeddb, the
 * engine the page's IndexedDB path runs, is reported beside it.
 */

import { sha256 } from '@noble/hashes/sha2.js'
import { IDBFactory } from 'fake-indexeddb'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { emit, isCi } from '../lib/emit.ts'
import { loadLibrary } from '../lib/library.ts'
import { pairedRatio, round, sum } from '../lib/stats.ts'

const ORIGIN = 'http://bench.test'
const BARE_BODY = { ok: true, apiVersion: 'v1', note: 'fixed JSON from a bare handler' }
const REQUESTS_PER_KEY = 100

/**
 * Rates are wall clock, the requests per second a test run sees, pooled over
 * all interleaved blocks (so garbage one side leaves for a collection during
 * the other's block evens out). On a busy machine the process is descheduled
 * mid-block and that lands on either side at random; CPU time (user + system,
 * every thread) is kept beside it as the figure load does not move, though it
 * also counts the work of helper threads (GC) that runs
 * in parallel with the main thread.
 */
export interface MswSequentialResult extends MswRun {
  /** The same run over fake-indexeddb, with where its time goes. */
  indexedDb: MswRun & { breakdown: NodeBreakdown }
}

interface MswRun {
  /** Requests per second, wall clock. */
  bareRps: number
  sandboxRps: number
  /** Sandbox rps ÷ bare rps, wall clock, pooled over the interleaved blocks. */
  mswSequentialRatio: number
  /** The same, median over adjacent block pairs. */
  pairedRatio: number
  /** The same by CPU time, pooled. */
  cpuTimeRatio: number
  /**
   * A handler that returns a captured GET /status response (same headers and
   * body, no work) over the bare one: the ceiling of mswSequentialRatio for a
   * core that cost nothing.
   */
  mimicRatio: number
  requestsPerSide: number
  nonOkResponses: number
}

export interface NodeBreakdown {
  /** sandbox.handle(GET /status) called directly. */
  handleStatus: number
  /** One SHA-256 of a key with @noble/hashes, as handle() hashes it. */
  sha256: number
  /** A fake-indexeddb read-write transaction over every store with one get, until it commits. */
  oneGetTransaction: number
  /** The same with five requests awaited one after another, as a request's transaction does. */
  fiveSequentialOps: number
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

async function nodeBreakdown(
  factory: IDBFactory,
  name: string,
  handleStatus: (index: number) => Promise<void>,
  rounds: number,
): Promise<NodeBreakdown> {
  const db = await requestResult(factory.open(name))
  const stores = [...db.objectStoreNames]
  const done = (tx: IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onabort = () => reject(tx.error)
    })
  const key = new TextEncoder().encode(`svc_test_${'a'.repeat(43)}`)
  const parts: Record<keyof NodeBreakdown, (round: number) => Promise<unknown>> = {
    handleStatus,
    sha256: async () => sha256(key),
    oneGetTransaction: async () => {
      const tx = db.transaction(stores, 'readwrite')
      await requestResult(tx.objectStore('keys').get('none'))
      await done(tx)
    },
    fiveSequentialOps: async () => {
      const tx = db.transaction(stores, 'readwrite')
      const store = tx.objectStore('projects')
      await requestResult(store.get('bench'))
      await requestResult(store.get('bench-2'))
      await requestResult(store.put({ id: 'bench-scratch', slug: 'bench-scratch' }))
      await requestResult(store.get('bench-3'))
      await requestResult(store.delete('bench-scratch'))
      await done(tx)
    },
  }
  const names = Object.keys(parts) as Array<keyof NodeBreakdown>
  const totals: Record<keyof NodeBreakdown, number> = { handleStatus: 0, sha256: 0, oneGetTransaction: 0, fiveSequentialOps: 0 }
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const part = names[(round + i) % names.length] ?? 'sha256'
      const started = performance.now()
      await parts[part](round)
      totals[part] += performance.now() - started
    }
  }
  db.close()
  return {
    handleStatus: round(totals.handleStatus / rounds, 4),
    sha256: round(totals.sha256 / rounds, 4),
    oneGetTransaction: round(totals.oneGetTransaction / rounds, 4),
    fiveSequentialOps: round(totals.fiveSequentialOps / rounds, 4),
  }
}

export async function measureMswSequential(ci: boolean): Promise<MswSequentialResult> {
  const memory = await measureRun(ci, undefined)
  const indexedDb = await measureRun(ci, new IDBFactory())
  if (!indexedDb.breakdown) throw new Error('Failed to break down the IndexedDB run: it returned no breakdown')
  return { ...memory, indexedDb: { ...indexedDb, breakdown: indexedDb.breakdown } }
}

/** One sequential run, over the memory store or the given IndexedDB; only an IndexedDB run is broken down into its parts. */
async function measureRun(ci: boolean, factory: IDBFactory | undefined): Promise<MswRun & { breakdown?: NodeBreakdown }> {
  const { createSandbox, BASE_PATH } = await loadLibrary()
  const sandbox = await createSandbox({ databaseName: 'bench-msw-node', ...(factory ? { indexedDB: factory } : {}) })
  // The short run warms as long as the full one and only takes fewer blocks: 20 warm-up requests leave the sandbox's
  // path compiling (ratios 0.5–0.8× the full run's), a bias the regression guard would flag on every CI run.
  const warmup = 300
  const blocks = ci ? 10 : 60
  const blockSize = 50
  const total = warmup + blocks * blockSize
  const keys: string[] = []
  for (let i = 0; i < Math.ceil(total / REQUESTS_PER_KEY); i++) {
    keys.push((await sandbox.workspace.issueKey({ scopes: ['status.read'] })).key)
  }
  // The mimic answers with a real GET /status response, captured once: the same
  // headers and body with no work behind them. It tells what msw/node itself
  // costs for the sandbox's request and response shape.
  const captured = await sandbox.handle(
    new Request(`${ORIGIN}${BASE_PATH}/status`, { headers: { Authorization: `Bearer ${keys[keys.length - 1]}` } }),
  )
  const mimicHeaders = [...captured.headers]
  const mimicBody = await captured.text()
  const server = setupServer(
    http.get('*/bare', () => HttpResponse.json(BARE_BODY)),
    http.get('*/mimic', () => new Response(mimicBody, { headers: mimicHeaders })),
    ...sandbox.handlers,
  )
  server.listen({ onUnhandledFrame: 'error' })
  let sent = 0
  let nonOk = 0
  const bare = async () => {
    const response = await fetch(`${ORIGIN}/bare`)
    await response.json()
    if (response.status !== 200) nonOk++
  }
  const status = async () => {
    const key = keys[Math.floor(sent++ / REQUESTS_PER_KEY)]
    const response = await fetch(`${ORIGIN}${BASE_PATH}/status`, { headers: { Authorization: `Bearer ${key}` } })
    await response.json()
    if (response.status !== 200) nonOk++
  }
  // For the breakdown: the core called directly, on keys of its own.
  const breakdownRounds = ci ? 100 : 2000
  const directKeys: string[] = []
  for (let i = 0; i < Math.ceil(breakdownRounds / REQUESTS_PER_KEY); i++) {
    directKeys.push((await sandbox.workspace.issueKey({ scopes: ['status.read'] })).key)
  }
  const directStatus = async (index: number) => {
    const key = directKeys[Math.floor(index / REQUESTS_PER_KEY)]
    const response = await sandbox.handle(new Request(`${ORIGIN}${BASE_PATH}/status`, { headers: { Authorization: `Bearer ${key}` } }))
    await response.json()
    if (response.status !== 200) nonOk++
  }
  const mimic = async () => {
    const response = await fetch(`${ORIGIN}/mimic`, { headers: { Authorization: `Bearer ${keys[0]}` } })
    await response.json()
    if (response.status !== 200) nonOk++
  }
  const block = async (call: () => Promise<void>, count: number) => {
    const started = performance.now()
    const cpu = process.cpuUsage()
    for (let i = 0; i < count; i++) await call()
    const used = process.cpuUsage(cpu)
    return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }
  }
  type Block = Awaited<ReturnType<typeof block>>
  try {
    await block(bare, warmup)
    await block(status, warmup)
    await block(mimic, warmup)
    nonOk = 0
    const bareMs: Block[] = []
    const sandboxMs: Block[] = []
    const mimicMs: Block[] = []
    const sides: Array<[Block[], () => Promise<void>]> = [
      [bareMs, bare],
      [sandboxMs, status],
      [mimicMs, mimic],
    ]
    for (let b = 0; b < blocks; b++) {
      // Rotate which side goes first so none always runs on a warmer heap.
      for (let i = 0; i < sides.length; i++) {
        const side = sides[(b + i) % sides.length]
        if (side) side[0].push(await block(side[1], blockSize))
      }
    }
    const requestsPerSide = blocks * blockSize
    const cpu = (blocks: Block[]) => blocks.map((b) => b.cpuMs)
    const wall = (blocks: Block[]) => blocks.map((b) => b.wallMs)
    const rps = (ms: number[]) => round((requestsPerSide / sum(ms)) * 1000, 1)
    return {
      bareRps: rps(wall(bareMs)),
      sandboxRps: rps(wall(sandboxMs)),
      mswSequentialRatio: round(sum(wall(bareMs)) / sum(wall(sandboxMs))),
      pairedRatio: round(pairedRatio(wall(bareMs), wall(sandboxMs))),
      cpuTimeRatio: round(sum(cpu(bareMs)) / sum(cpu(sandboxMs))),
      mimicRatio: round(sum(wall(bareMs)) / sum(wall(mimicMs))),
      requestsPerSide,
      nonOkResponses: nonOk,
      ...(factory ? { breakdown: await nodeBreakdown(factory, 'bench-msw-node', directStatus, breakdownRounds) } : {}),
    }
  } finally {
    server.close()
    await sandbox.close()
  }
}

if (import.meta.main) emit(await measureMswSequential(isCi()))
