// The page the browser figures are measured in: the sandbox's handlers and a
// bare handler returning fixed JSON, registered in the same MSW worker.
import { type HttpHandler, HttpResponse, http } from 'msw'
import { setupWorker } from 'msw/browser'
import { BASE_PATH, createSandbox } from '../../../src/api/index.ts'
import { TYPICAL_MANIFEST } from '../../lib/corpus.ts'
import type { BenchApi, Breakdown, LatencyOptions, LatencySamples, Startup, ThroughputOptions, ThroughputSamples } from '../benchApi.ts'

const BARE_BODY = { ok: true, apiVersion: 'v1', note: 'fixed JSON from a bare handler' }
const LATENCY_REQUESTS_PER_KEY = 100

async function start(): Promise<BenchApi> {
  // A fresh database per page load, so earlier runs leave no keys or limits behind.
  const databaseName = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}`
  const beforeSandbox = performance.now()
  const sandbox = await createSandbox({ databaseName })
  const beforeWorker = performance.now()
  // The mimic answers with a real GET /status response, captured once: what MSW
  // itself costs for the sandbox's response shape, with no work behind it.
  let mimic: { body: string; headers: Array<[string, string]> } | undefined
  // Each handler measured is the first the worker tries, as in an app that
  // registers only it: MSW tries handlers in order, and each one before the
  // match costs its predicate (0.01–0.04 of statusP50Ratio). The sandbox's
  // are the worker's own; a baseline's is put in front for its own requests.
  const bareHandler = http.all('*/bare', () => HttpResponse.json(BARE_BODY))
  const mimicHandler = http.get('*/mimic', () => new Response(mimic?.body ?? '{}', { headers: mimic?.headers ?? [] }))
  const worker = setupWorker(...sandbox.handlers)
  await worker.start({
    onUnhandledFrame: 'bypass',
    quiet: true,
  })
  // The page is the first of a fresh browser: these are cold-start costs.
  const startup: Startup = {
    scriptStartMs: beforeSandbox,
    createSandboxMs: beforeWorker - beforeSandbox,
    workerStartMs: performance.now() - beforeWorker,
  }
  const api = `${location.origin}${BASE_PATH}`
  const validateBody = JSON.stringify({ manifest: TYPICAL_MANIFEST })

  const issueKeys = async (count: number) => {
    const keys: string[] = []
    for (let i = 0; i < count; i++) keys.push((await sandbox.workspace.issueKey({ scopes: ['status.read', 'tools.validate'] })).key)
    return keys
  }
  const [mimicKey] = await issueKeys(1)
  const captured = await sandbox.handle(new Request(`${api}/status`, { headers: { Authorization: `Bearer ${mimicKey}` } }))
  mimic = { body: await captured.text(), headers: [...captured.headers] }

  let nonOk = 0
  const finish = async (response: Response) => {
    await response.arrayBuffer()
    if (response.status !== 200) nonOk++
  }
  const bare = async () => finish(await fetch(`${location.origin}/bare`))
  const barePost = async () =>
    finish(await fetch(`${location.origin}/bare`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: validateBody }))
  const mimicCall = async () => finish(await fetch(`${location.origin}/mimic`, { headers: { Authorization: `Bearer ${mimicKey}` } }))
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
  /** Times `call` with `first` tried before the sandbox's handlers (none: the sandbox's alone). */
  const timedWith = async (first: HttpHandler | undefined, call: () => Promise<void>) => {
    if (first) worker.use(first)
    try {
      return await timed(call)
    } finally {
      if (first) worker.resetHandlers()
    }
  }

  async function latency({ warmupRounds, rounds }: LatencyOptions): Promise<LatencySamples> {
    const total = warmupRounds + rounds
    // Each round sends one status and one validate on the same key.
    const keys = await issueKeys(Math.ceil((2 * total) / LATENCY_REQUESTS_PER_KEY))
    const samples: LatencySamples = { bare: [], barePost: [], mimic: [], status: [], validate: [], nonOk: 0 }
    nonOk = 0
    for (let round = 0; round < total; round++) {
      const key = keys[Math.floor((2 * round) / LATENCY_REQUESTS_PER_KEY)] ?? ''
      const calls: Array<[number[], () => Promise<void>, HttpHandler | undefined]> = [
        [samples.bare, bare, bareHandler],
        [samples.barePost, barePost, bareHandler],
        [samples.mimic, mimicCall, mimicHandler],
        [samples.status, () => status(key), undefined],
        [samples.validate, () => validate(key), undefined],
      ]
      // Rotate the order so no kind always follows the same one.
      for (let i = 0; i < calls.length; i++) {
        const entry = calls[(round + i) % calls.length]
        if (!entry) continue
        const [into, call, first] = entry
        const ms = await timedWith(first, call)
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
    const bareBatch = () => timedWith(bareHandler, () => Promise.all(Array.from({ length: parallel }, bare)).then(() => undefined))
    const statusBatch = (batch: number) =>
      timedWith(undefined, () =>
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

  async function breakdown(rounds: number): Promise<Breakdown> {
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(databaseName)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const stores = [...raw.objectStoreNames]
    const [key] = await issueKeys(Math.ceil((2 * rounds) / LATENCY_REQUESTS_PER_KEY))
    const keys = await issueKeys(Math.ceil((2 * rounds) / LATENCY_REQUESTS_PER_KEY))
    const done = (tx: IDBTransaction) =>
      new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve()
        tx.onabort = () => reject(tx.error)
      })
    const result = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const oneGet = async (options?: IDBTransactionOptions, scope = stores) => {
      const tx = raw.transaction(scope, 'readwrite', options)
      await result(tx.objectStore('keys').get('none'))
      await done(tx)
    }
    const five = async (pipelined: boolean) => {
      const tx = raw.transaction(stores, 'readwrite')
      const store = tx.objectStore('projects')
      const ops = [
        () => store.get('bench'),
        () => store.get('bench-2'),
        () => store.put({ id: 'bench-scratch', slug: 'bench-scratch' }),
        () => store.get('bench-3'),
        () => store.delete('bench-scratch'),
      ]
      if (pipelined) for (const op of ops) op()
      else for (const op of ops) await result(op())
      await done(tx)
    }
    const parts: Record<keyof Breakdown, (round: number) => Promise<unknown>> = {
      handleStatus: (round) =>
        sandbox.handle(new Request(`${api}/status`, { headers: { Authorization: `Bearer ${keys[Math.floor(round / 50)] ?? key}` } })),
      handleValidate: (round) =>
        sandbox.handle(
          new Request(`${api}/tools/validate`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${keys[Math.floor(round / 50)] ?? key}`, 'Content-Type': 'application/json' },
            body: validateBody,
          }),
        ),
      sha256: () => crypto.subtle.digest('SHA-256', new TextEncoder().encode(key ?? '')),
      oneGetTransaction: () => oneGet(),
      oneGetTransactionRelaxed: () => oneGet({ durability: 'relaxed' }),
      oneGetTransactionThreeStores: () => oneGet({}, ['keys', 'keyActivity', 'usage']),
      fiveSequentialOps: () => five(false),
      fivePipelinedOps: () => five(true),
    }
    const names = Object.keys(parts) as Array<keyof Breakdown>
    const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<keyof Breakdown, number[]>
    for (let round = 0; round < rounds + 10; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length] as keyof Breakdown
        const started = performance.now()
        const answer = await parts[name](round)
        if (answer instanceof Response) await answer.arrayBuffer()
        if (round >= 10) samples[name].push(performance.now() - started)
      }
    }
    raw.close()
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
    return Object.fromEntries(names.map((name) => [name, Math.round(median(samples[name]) * 1000) / 1000])) as unknown as Breakdown
  }

  return { latency, throughput, breakdown, startup: () => startup }
}

start().then(
  (api) => {
    window.bench = api
  },
  (error: unknown) => {
    window.benchError = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  },
)
