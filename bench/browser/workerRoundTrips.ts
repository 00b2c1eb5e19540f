/**
 * Round trips from a page through the MSW worker: GET /status against a bare
 * GET handler and POST /tools/validate against a bare handler receiving the
 * same POST body, in the same worker (p50 ratios), and 100 parallel GET
 * /status against 100 parallel bare requests (throughput ratio).
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from '@playwright/test'
import { launchChromium } from '../lib/chromium.ts'
import { emit, isCi } from '../lib/emit.ts'
import { startPreview } from '../lib/preview.ts'
import { median, pairedRatio, round, sum } from '../lib/stats.ts'
import type { Breakdown, LatencyOptions, Startup, ThroughputOptions } from './benchApi.ts'

const config = fileURLToPath(new URL('../vite.config.ts', import.meta.url))
const repository = fileURLToPath(new URL('../../', import.meta.url))

export interface WorkerRoundTripResult {
  statusP50Ratio: number
  /** POST /tools/validate over a bare POST of the same body: each pays MSW's carrying of that body through the worker (decision 037). */
  validateP50Ratio: number
  /** Median over adjacent batch pairs of sandbox throughput ÷ bare throughput. */
  parallelThroughputRatio: number
  /** All sandbox batches over all bare batches, for comparison. */
  pooledThroughputRatio: number
  /** POST /tools/validate over the bare GET: the figure `validateP50Ratio` was before decision 037, body transport included. */
  validateOverBareGetP50Ratio: number
  /** The bare POST over the bare GET: what MSW alone costs to carry the request body. */
  barePostOverBareGetP50Ratio: number
  /** A captured GET /status response replayed by a handler, over bare: the floor of statusP50Ratio for a core that cost nothing. */
  statusMimicP50Ratio: number
  bareP50Ms: number
  mimicP50Ms: number
  barePostP50Ms: number
  statusP50Ms: number
  validateP50Ms: number
  bareRps: number
  statusRps: number
  samplesPerKind: number
  parallel: number
  nonOkResponses: number
  /** Medians in ms of the parts of a request, measured in the page without the worker. */
  breakdown: Breakdown
  /** The bench page's own cold start (first session, fresh browser): database open versus worker registration. */
  startup: Startup
  /** Every session's own figures; the fields above are their medians. */
  sessions: Array<Omit<WorkerRoundTripResult, 'sessions'>>
}

/** Builds the benchmark page (see bench/vite.config.ts for where it goes). */
export function buildBenchPage(): void {
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--config', config],
    {
      cwd: repository,
      stdio: 'inherit',
    },
  )
}

async function benchApi(page: Page): Promise<void> {
  await page.waitForFunction(() => window.bench !== undefined || window.benchError !== undefined, undefined, { timeout: 30_000 })
  const error = await page.evaluate(() => window.benchError)
  if (error) throw new Error(`Failed to start the benchmark page: ${error}`)
}

type Session = Omit<WorkerRoundTripResult, 'sessions'>

/** One page session: a fresh context, the worker, and every measurement in turn. */
async function measureSession(browser: Browser, url: string, ci: boolean): Promise<Session> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    page.on('pageerror', (error) => console.error(`bench page error: ${error.message}`))
    await page.goto(url)
    await benchApi(page)
    const startup = await page.evaluate(() => {
      const bench = window.bench
      if (!bench) throw new Error('Failed to find window.bench')
      return bench.startup()
    })
    const latencyOptions: LatencyOptions = ci ? { warmupRounds: 5, rounds: 30 } : { warmupRounds: 60, rounds: 500 }
    const latency = await page.evaluate((options) => {
      const bench = window.bench
      if (!bench) throw new Error('Failed to find window.bench')
      return bench.latency(options)
    }, latencyOptions)
    const throughputOptions: ThroughputOptions = ci
      ? { warmupBatches: 1, batches: 2, parallel: 30, requestsPerKey: 50 }
      : { warmupBatches: 3, batches: 24, parallel: 100, requestsPerKey: 50 }
    const throughput = await page.evaluate((options) => {
      const bench = window.bench
      if (!bench) throw new Error('Failed to find window.bench')
      return bench.throughput(options)
    }, throughputOptions)
    const breakdown = await page.evaluate(
      (rounds) => {
        const bench = window.bench
        if (!bench) throw new Error('Failed to find window.bench')
        return bench.breakdown(rounds)
      },
      ci ? 20 : 200,
    )
    const bareP50 = median(latency.bare)
    const statusP50 = median(latency.status)
    const validateP50 = median(latency.validate)
    const barePostP50 = median(latency.barePost)
    const mimicP50 = median(latency.mimic)
    const requests = throughput.bareMs.length * throughputOptions.parallel
    const bareRps = (requests / sum(throughput.bareMs)) * 1000
    const statusRps = (requests / sum(throughput.statusMs)) * 1000
    return {
      statusP50Ratio: round(statusP50 / bareP50),
      validateP50Ratio: round(validateP50 / barePostP50),
      parallelThroughputRatio: round(pairedRatio(throughput.bareMs, throughput.statusMs)),
      pooledThroughputRatio: round(statusRps / bareRps),
      validateOverBareGetP50Ratio: round(validateP50 / bareP50),
      barePostOverBareGetP50Ratio: round(barePostP50 / bareP50),
      statusMimicP50Ratio: round(mimicP50 / bareP50),
      bareP50Ms: round(bareP50),
      mimicP50Ms: round(mimicP50),
      barePostP50Ms: round(barePostP50),
      statusP50Ms: round(statusP50),
      validateP50Ms: round(validateP50),
      bareRps: round(bareRps, 1),
      statusRps: round(statusRps, 1),
      samplesPerKind: latency.bare.length,
      parallel: throughputOptions.parallel,
      nonOkResponses: latency.nonOk + throughput.nonOk,
      breakdown,
      startup,
    }
  } finally {
    await context.close()
  }
}

/** Per field, the median over sessions (numbers only; nested records field by field). */
function medianOf<T extends object>(records: readonly T[]): T {
  const first = records[0]
  if (!first) throw new Error('Failed to summarise: no sessions')
  const merged: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(first)) {
    const values = records.map((record) => (record as Record<string, unknown>)[name])
    if (typeof value === 'number') merged[name] = round(median(values.filter((v): v is number => typeof v === 'number')))
    else if (value && typeof value === 'object') merged[name] = medianOf(values as object[])
    else merged[name] = value
  }
  return merged as T
}

export async function measureWorkerRoundTrips(ci: boolean): Promise<WorkerRoundTripResult> {
  buildBenchPage()
  const server = await startPreview(config)
  const browser = await launchChromium()
  try {
    // Several sessions, each with its own interleaved baseline: a burst of load
    // from elsewhere then moves one session's figures, not the median.
    const sessions: Session[] = []
    for (let i = 0; i < (ci ? 1 : 3); i++) sessions.push(await measureSession(browser, server.url, ci))
    const first = sessions[0]
    if (!first) throw new Error('Failed to measure: no session ran')
    // The startup of the first session is the cold one (a fresh browser).
    return {
      ...medianOf(sessions),
      // Refusals anywhere count, whatever the median session saw.
      nonOkResponses: sum(sessions.map((session) => session.nonOkResponses)),
      startup: first.startup,
      sessions,
    }
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (import.meta.main) emit(await measureWorkerRoundTrips(isCi()))
