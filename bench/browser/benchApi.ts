/** What the benchmark page exposes on `window.bench` for Playwright to call. */

export interface LatencyOptions {
  warmupRounds: number
  rounds: number
}

/** Round-trip milliseconds, one sample per request, interleaved round by round. */
export interface LatencySamples {
  bare: number[]
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

export interface BenchApi {
  latency(options: LatencyOptions): Promise<LatencySamples>
  throughput(options: ThroughputOptions): Promise<ThroughputSamples>
}

declare global {
  interface Window {
    bench?: BenchApi
    benchError?: string
  }
}
