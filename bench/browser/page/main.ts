// The page the browser figures are measured in: the sandbox's handlers and a
// bare handler returning fixed JSON, registered in the same MSW worker.
import { HttpResponse, http } from 'msw'
import { setupWorker } from 'msw/browser'
import { BASE_PATH, createSandbox } from '../../../src/api/index.ts'
import { TYPICAL_MANIFEST } from '../../lib/corpus.ts'
import type { BenchApi, LatencyOptions, LatencySamples, ThroughputOptions, ThroughputSamples } from '../benchApi.ts'

const BARE_BODY = { ok: true, apiVersion: 'v1', note: 'fixed JSON from a bare handler' }
const LATENCY_REQUESTS_PER_KEY = 100

async function start(): Promise<BenchApi> {
  // A fresh database per page load, so earlier runs leave no keys or limits behind.
  const databaseName = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}`
  const sandbox = await createSandbox({ databaseName })
  await setupWorker(
    http.get('*/bare', () => HttpResponse.json(BARE_BODY)),
    ...sandbox.handlers,
  ).start({
    onUnhandledFrame: 'bypass',
    quiet: true,
  })
  const api = `${location.origin}${BASE_PATH}`
  const validateBody = JSON.stringify({ manifest: TYPICAL_MANIFEST })

  const issueKeys = async (count: number) => {
    const keys: string[] = []
    for (let i = 0; i < count; i++) keys.push((await sandbox.workspace.issueKey({ scopes: ['status.read', 'tools.validate'] })).key)
    return keys
  }

  let nonOk = 0
  const finish = async (response: Response) => {
    await response.arrayBuffer()
    if (response.status !== 200) nonOk++
  }
  const bare = async () => finish(await fetch(`${location.origin}/bare`))
  const status = async (key: string) => finish(await fetch(`${api}/status`, { headers: { Authorization: `Bearer ${key}` } }))
  const validate = async (key: string) =>
    finish(
      await fetch(`${api}/tools/validate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: validateBody,
      }),
    )
  const timed = async (call: () => Promise<void>) => {
    const started = performance.now()
    await call()
    return performance.now() - started
  }

  async function latency({ warmupRounds, rounds }: LatencyOptions): Promise<LatencySamples> {
    const total = warmupRounds + rounds
    // Each round sends one status and one validate on the same key.
    const keys = await issueKeys(Math.ceil((2 * total) / LATENCY_REQUESTS_PER_KEY))
    const samples: LatencySamples = { bare: [], status: [], validate: [], nonOk: 0 }
    nonOk = 0
    for (let round = 0; round < total; round++) {
      const key = keys[Math.floor((2 * round) / LATENCY_REQUESTS_PER_KEY)] ?? ''
      const calls: Array<[number[], () => Promise<void>]> = [
        [samples.bare, bare],
        [samples.status, () => status(key)],
        [samples.validate, () => validate(key)],
      ]
      // Rotate the order so no kind always follows the same one.
      for (let i = 0; i < calls.length; i++) {
        const entry = calls[(round + i) % calls.length]
        if (!entry) continue
        const [into, call] = entry
        const ms = await timed(call)
        if (round >= warmupRounds) into.push(ms)
      }
      if (round === warmupRounds - 1) nonOk = 0
    }
    samples.nonOk = nonOk
    return samples
  }

  async function throughput({ warmupBatches, batches, parallel, requestsPerKey }: ThroughputOptions): Promise<ThroughputSamples> {
    const keysPerBatch = Math.ceil(parallel / requestsPerKey)
    const total = warmupBatches + batches
    const keys = await issueKeys(keysPerBatch * total)
    const samples: ThroughputSamples = { bareMs: [], statusMs: [], nonOk: 0 }
    const bareBatch = () => timed(() => Promise.all(Array.from({ length: parallel }, bare)).then(() => undefined))
    const statusBatch = (batch: number) =>
      timed(() =>
        Promise.all(
          Array.from({ length: parallel }, (_, i) => status(keys[batch * keysPerBatch + Math.floor(i / requestsPerKey)] ?? '')),
        ).then(() => undefined),
      )
    nonOk = 0
    for (let batch = 0; batch < total; batch++) {
      let bareMs: number
      let statusMs: number
      if (batch % 2 === 0) {
        bareMs = await bareBatch()
        statusMs = await statusBatch(batch)
      } else {
        statusMs = await statusBatch(batch)
        bareMs = await bareBatch()
      }
      if (batch >= warmupBatches) {
        samples.bareMs.push(bareMs)
        samples.statusMs.push(statusMs)
      }
      if (batch === warmupBatches - 1) nonOk = 0
    }
    samples.nonOk = nonOk
    return samples
  }

  return { latency, throughput }
}

start().then(
  (api) => {
    window.bench = api
  },
  (error: unknown) => {
    window.benchError = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  },
)
