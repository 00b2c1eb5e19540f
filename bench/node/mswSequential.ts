/**
 * The sandbox under msw/node (fake-indexeddb) against a bare msw/node handler
 * returning fixed JSON, both in one server: sequential requests per second.
 * The two are measured in alternating blocks after a warm-up.
 */
import { IDBFactory } from 'fake-indexeddb'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { emit, isCi } from '../lib/emit.ts'
import { loadLibrary } from '../lib/library.ts'
import { pairedRatio, round, sum } from '../lib/stats.ts'

const ORIGIN = 'http://bench.test'
const BARE_BODY = { ok: true, apiVersion: 'v1', note: 'fixed JSON from a bare handler' }
const REQUESTS_PER_KEY = 100

export interface MswSequentialResult {
  bareRps: number
  sandboxRps: number
  /** Median over adjacent block pairs of sandbox rps ÷ bare rps. */
  mswSequentialRatio: number
  /** All sandbox requests over all bare requests, for comparison. */
  pooledRatio: number
  requestsPerSide: number
  nonOkResponses: number
}

export async function measureMswSequential(ci: boolean): Promise<MswSequentialResult> {
  const { createSandbox, BASE_PATH } = await loadLibrary()
  const sandbox = await createSandbox({ indexedDB: new IDBFactory(), databaseName: 'bench-msw-node' })
  const warmup = ci ? 20 : 300
  const blocks = ci ? 2 : 60
  const blockSize = ci ? 15 : 50
  const total = warmup + blocks * blockSize
  const keys: string[] = []
  for (let i = 0; i < Math.ceil(total / REQUESTS_PER_KEY); i++) {
    keys.push((await sandbox.workspace.issueKey({ scopes: ['status.read'] })).key)
  }
  const server = setupServer(
    http.get('*/bare', () => HttpResponse.json(BARE_BODY)),
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
  const block = async (call: () => Promise<void>, count: number) => {
    const started = performance.now()
    for (let i = 0; i < count; i++) await call()
    return performance.now() - started
  }
  try {
    await block(bare, warmup)
    await block(status, warmup)
    nonOk = 0
    const bareMs: number[] = []
    const sandboxMs: number[] = []
    for (let b = 0; b < blocks; b++) {
      // Alternate which side goes first so neither always runs on a warmer heap.
      if (b % 2 === 0) {
        bareMs.push(await block(bare, blockSize))
        sandboxMs.push(await block(status, blockSize))
      } else {
        sandboxMs.push(await block(status, blockSize))
        bareMs.push(await block(bare, blockSize))
      }
    }
    const requestsPerSide = blocks * blockSize
    const bareRps = (requestsPerSide / sum(bareMs)) * 1000
    const sandboxRps = (requestsPerSide / sum(sandboxMs)) * 1000
    return {
      bareRps: round(bareRps, 1),
      sandboxRps: round(sandboxRps, 1),
      mswSequentialRatio: round(pairedRatio(bareMs, sandboxMs)),
      pooledRatio: round(sandboxRps / bareRps),
      requestsPerSide,
      nonOkResponses: nonOk,
    }
  } finally {
    server.close()
    await sandbox.close()
  }
}

if (import.meta.main) emit(await measureMswSequential(isCi()))
