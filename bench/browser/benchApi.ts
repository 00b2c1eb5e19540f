/** What the benchmark page exposes on `window.bench` for Playwright to call. */

export interface LatencyOptions {
  warmupRounds: number
  rounds: number
}

/** Round-trip milliseconds, one sample per request, interleaved round by round. */
export interface LatencySamples {
  /** GET to the bare handler: the baseline of GET /status. */
  bare: number[]
  /** POST of the same body as POST /tools/validate to the bare handler: what MSW itself costs for that request. */
  barePost: number[]
  /** GET with the same Authorization header to a handler returning a captured GET /status response: MSW's cost of the sandbox's shape. */
  mimic: number[]
  status: number[]
  validate: number[]
  /** Responses that were not 200 (a refused request would measure the wrong thing). */
  nonOk: number
}

export interface ThroughputOptions {
  warmupBatches: number
  batches: number
  parallel: number
  requestsPerKey: number
}

/** Wall-clock milliseconds of each batch of `parallel` concurrent requests. */
export interface ThroughputSamples {
  bareMs: number[]
  statusMs: number[]
  nonOk: number
}

/**
 * Where a request's time goes, measured in the page without the worker:
 * medians in milliseconds over `rounds`, the parts interleaved round by round.
 */
export interface Breakdown {
  /** sandbox.handle(GET /status) called directly: the whole core, no MSW. */
  handleStatus: number
  /** sandbox.handle(POST /tools/validate) called directly. */
  handleValidate: number
  /** One crypto.subtle SHA-256 of a key, as the pipeline hashes before its transaction. */
  sha256: number
  /** A read-write transaction over the request's stores with one get, until it commits. */
  oneGetTransaction: number
  /** The same with durability 'relaxed'. */
  oneGetTransactionRelaxed: number
  /** The same over only the three stores GET /status needs (keys, keyActivity, usage). */
  oneGetTransactionThreeStores: number
  /** Five gets and puts awaited one after another in one read-write transaction, as a request does. */
  fiveSequentialOps: number
  /** The same five issued at once, awaiting only the transaction. */
  fivePipelinedOps: number
}

/** How long the page took to start, in a fresh browser (ms). */
export interface Startup {
  /** From navigation start until the page's script began creating the sandbox. */
  scriptStartMs: number
  /** createSandbox(): open (create, seed) the database. */
  createSandboxMs: number
  /** setupWorker(…).start(): register and activate the MSW worker. */
  workerStartMs: number
}

export interface BenchApi {
  latency(options: LatencyOptions): Promise<LatencySamples>
  throughput(options: ThroughputOptions): Promise<ThroughputSamples>
  breakdown(rounds: number): Promise<Breakdown>
  startup(): Startup
}

declare global {
  interface Window {
    bench?: BenchApi
    benchError?: string
  }
}
