/**
 * Docs embeds at scale: a page of another site (localhost) framing examples
 * from the sandbox site (127.0.0.1), in a Chromium that partitions
 * third-party storage as Chrome ships. One example against sixteen, all in
 * view, alternated, each in a fresh context: the time until every example
 * can run, the JavaScript heap of the page, its frames and the embed worker,
 * and the layout shift while they load. Then what a page with sixteen
 * examples, none in view yet, downloads from the sandbox site.
 *
 * Under them, alternated in the same rounds, the frame floor: the same page
 * and the same loader framing 1 and 16 bare pages of the sandbox site
 * (embedsFloor/vite.config.ts) that do nothing but mark themselves ready, so
 * the ratios can be read against what the browser's frames alone cost.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, CDPSession, Frame, Page } from '@playwright/test'
import { builtSite } from '../../scripts/site-build.mjs'
import { EXAMPLE_IDS } from '../../src/embed/exampleIndex.ts'
import { EMBED_READY_MARK } from '../../src/embed/frame/readyMark.ts'
import { launchChromium, PARTITIONED_STORAGE_ARGS } from '../lib/chromium.ts'
import { emit, isCi } from '../lib/emit.ts'
import { startHostPages } from '../lib/hostPage.ts'
import { startPreview } from '../lib/preview.ts'
import { median, round } from '../lib/stats.ts'
import { FLOOR_PATH } from './embedsFloor/floorPath.ts'

const VIEWPORT = { width: 1520, height: 4600 }

/** One page of one frame against one of sixteen: the times until every frame is ready, and the heaps. */
interface OneAgainstSixteen {
  ready1Ms: number
  ready16Ms: number
  ready16OverReady1: number
  heap1MB: number
  heap16MB: number
  heap16OverHeap1: number
  /** Where the heap is, in the median sample of each kind, MB: the docs page, the frames' isolate, the embed worker. */
  heapParts: { one: Record<keyof HeapParts, number>; sixteen: Record<keyof HeapParts, number> }
}

export interface EmbedsResult extends OneAgainstSixteen {
  hostBytesBeforeView: number
  layoutShift16: number
  samples: { ready1: number[]; ready16: number[]; heap1: number[]; heap16: number[]; layoutShift16: number[] }
  /** Whether every example answered through the embed worker (a fallback would measure another path). */
  transports: string[]
  bytesBeforeView: Record<string, number>
  /** The same page and loader framing bare pages of the sandbox site: what 1 and 16 frames cost with no example in them. */
  frameFloor: OneAgainstSixteen & { samples: { ready1: number[]; ready16: number[]; heap1: number[]; heap16: number[] } }
}

interface Sample {
  readyMs: number
  heapBytes: number
  heap: HeapParts
  layoutShift: number
  transports: string[]
}

/** The site the examples come from: the one BENCH_EMBEDS_SITE names, else the site's shared build of these sources, served as it is. */
function sandboxSite(): string {
  return process.env.BENCH_EMBEDS_SITE || builtSite()
}

async function embedFrames(page: Page, count: number): Promise<Frame[]> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const frames = page.frames().filter((frame) => frame.url().includes('/embed.html?'))
    if (frames.length >= count) return frames
    if (Date.now() > deadline) throw new Error(`Failed to find ${count} embed frames: ${frames.length} after 30 s`)
    await page.waitForTimeout(50)
  }
}

/** Epoch milliseconds at which the frame marked itself ready. */
async function readyAt(frame: Frame): Promise<{ at: number; transport: string }> {
  await frame.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, EMBED_READY_MARK, { polling: 100, timeout: 60_000 })
  return frame.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0]
    const note = document.querySelector('[role="note"]')
    return {
      at: performance.timeOrigin + (entry?.startTime ?? Number.NaN),
      transport: note ? `in-page:${note.getAttribute('data-reason')}` : 'service-worker',
    }
  }, EMBED_READY_MARK)
}

/** Used heap of one isolate after a full collection. */
async function isolateHeap(session: CDPSession): Promise<{ id: string; used: number }> {
  await session.send('HeapProfiler.enable')
  await session.send('HeapProfiler.collectGarbage')
  const { id } = await session.send('Runtime.getIsolateId')
  const { usedSize } = await session.send('Runtime.getHeapUsage')
  return { id, used: usedSize }
}

/**
 * The embed worker's heap: its target is reached through the browser's session
 * (Playwright opens none for service workers), with messages to the target.
 */
async function workerHeaps(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession()
  try {
    const { targetInfos } = await session.send('Target.getTargets')
    let total = 0
    for (const target of targetInfos.filter((info) => info.type === 'service_worker' && info.url.includes('embed-sw.js'))) {
      const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })
      let next = 0
      const ask = (method: string) =>
        new Promise<Record<string, unknown>>((resolve) => {
          const id = ++next
          const listener = (event: { sessionId: string; message: string }) => {
            const message = JSON.parse(event.message) as { id?: number; result?: Record<string, unknown> }
            if (event.sessionId !== sessionId || message.id !== id) return
            session.off('Target.receivedMessageFromTarget', listener)
            resolve(message.result ?? {})
          }
          session.on('Target.receivedMessageFromTarget', listener)
          void session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
        })
      await ask('HeapProfiler.enable')
      await ask('HeapProfiler.collectGarbage')
      total += Number((await ask('Runtime.getHeapUsage')).usedSize ?? 0)
      await session.send('Target.detachFromTarget', { sessionId })
    }
    return total
  } finally {
    await session.detach()
  }
}

/** Page and frames, each isolate once (same-site frames share one), plus the embed worker. */
async function heapOf(browser: Browser, context: BrowserContext, page: Page, frames: readonly Frame[]): Promise<HeapParts> {
  const seen = new Map<string, number>()
  let pageHeap = 0
  for (const target of [page, ...frames]) {
    const session = await context.newCDPSession(target).catch(() => undefined)
    if (!session) continue
    const { id, used } = await isolateHeap(session)
    if (target === page) pageHeap = used
    else if (!seen.has(id)) seen.set(id, used)
    await session.detach()
  }
  let framesHeap = 0
  for (const used of seen.values()) framesHeap += used
  return { page: pageHeap, frames: framesHeap, worker: await workerHeaps(browser) }
}

interface HeapParts {
  page: number
  /** Each isolate of the frames once: same-site frames share one. */
  frames: number
  worker: number
}

async function sample(browser: Browser, url: string, count: number): Promise<Sample> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.goto(url)
    const frames = await embedFrames(page, count)
    const ready = await Promise.all(frames.map(readyAt))
    const start = await page.evaluate(() => performance.timeOrigin)
    const readyMs = Math.max(...ready.map((entry) => entry.at)) - start
    const layoutShift = await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift)
    const heap = await heapOf(browser, context, page, frames)
    return {
      readyMs,
      heapBytes: heap.page + heap.frames + heap.worker,
      heap,
      layoutShift,
      transports: [...new Set(ready.map((entry) => entry.transport))],
    }
  } finally {
    await context.close()
  }
}

/** Everything the page fetched from the sandbox site while no example was in view, gzipped as a host would send it. */
async function bytesBeforeView(browser: Browser, url: string, siteOrigin: string): Promise<Record<string, number>> {
  const context = await browser.newContext({ viewport: { width: 1520, height: 900 } })
  try {
    const page = await context.newPage()
    const bodies: Promise<[string, number]>[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).origin !== siteOrigin) return
      bodies.push(response.body().then((body) => [new URL(response.url()).pathname, gzipSync(body).length] as [string, number]))
    })
    await page.goto(url, { waitUntil: 'load' })
    // Long enough for anything started at load (frames, their scripts) to arrive.
    await page.waitForTimeout(2_000)
    return Object.fromEntries(await Promise.all(bodies))
  } finally {
    await context.close()
  }
}

function parts(samples: readonly Sample[]): Record<keyof HeapParts, number> {
  const mb = (pick: (heap: HeapParts) => number) => round(median(samples.map((entry) => pick(entry.heap))) / 1_048_576, 2)
  return { page: mb((heap) => heap.page), frames: mb((heap) => heap.frames), worker: mb((heap) => heap.worker) }
}

const FLOOR_CONFIG = fileURLToPath(new URL('./embedsFloor/vite.config.ts', import.meta.url))

type Kind = 'one' | 'sixteen' | 'floorOne' | 'floorSixteen'
const KINDS: readonly Kind[] = ['one', 'sixteen', 'floorOne', 'floorSixteen']

/** Ratios, medians and samples of one 1-against-16 pair of kinds. */
function summary(one: readonly Sample[], sixteen: readonly Sample[]) {
  const ready1 = one.map((entry) => entry.readyMs)
  const ready16 = sixteen.map((entry) => entry.readyMs)
  const heap1 = one.map((entry) => entry.heapBytes / 1_048_576)
  const heap16 = sixteen.map((entry) => entry.heapBytes / 1_048_576)
  return {
    ready1Ms: round(median(ready1), 1),
    ready16Ms: round(median(ready16), 1),
    ready16OverReady1: round(median(ready16) / median(ready1)),
    heap1MB: round(median(heap1), 2),
    heap16MB: round(median(heap16), 2),
    heap16OverHeap1: round(median(heap16) / median(heap1)),
    samples: {
      ready1: ready1.map((value) => round(value, 1)),
      ready16: ready16.map((value) => round(value, 1)),
      heap1: heap1.map((value) => round(value, 2)),
      heap16: heap16.map((value) => round(value, 2)),
    },
    heapParts: { one: parts(one), sixteen: parts(sixteen) },
  }
}

export async function measureEmbeds(ci: boolean): Promise<EmbedsResult> {
  const rounds = ci ? 1 : 7
  const site = await startPreview(FLOOR_CONFIG, sandboxSite())
  const ids = EXAMPLE_IDS
  const host = await startHostPages(site.url, ids)
  const browser = await launchChromium(PARTITIONED_STORAGE_ARGS)
  const floorLoader = `${FLOOR_PATH.slice(1)}embed.js`
  const urls: Record<Kind, [string, number]> = {
    one: [host.url(1), 1],
    sixteen: [host.url(16), 16],
    floorOne: [host.url(1, { loader: floorLoader }), 1],
    floorSixteen: [host.url(16, { loader: floorLoader }), 16],
  }
  try {
    const samples: Record<Kind, Sample[]> = { one: [], sixteen: [], floorOne: [], floorSixteen: [] }
    // A context is warmed by nothing: the first of either kind pays the browser's own start-up, so one goes first, unmeasured.
    await sample(browser, host.url(1), 1)
    for (let round = 0; round < rounds; round++) {
      // Each kind takes each place in the order in turn, so none always follows the same one.
      const order = KINDS.map((_, index) => KINDS[(index + round) % KINDS.length] as Kind)
      for (const kind of order) samples[kind].push(await sample(browser, ...urls[kind]))
    }
    const { one, sixteen } = samples
    const bytes = await bytesBeforeView(browser, host.url(16, { belowTheFold: true }), new URL(site.url).origin)
    const product = summary(one, sixteen)
    return {
      ready1Ms: product.ready1Ms,
      ready16Ms: product.ready16Ms,
      ready16OverReady1: product.ready16OverReady1,
      heap1MB: product.heap1MB,
      heap16MB: product.heap16MB,
      heap16OverHeap1: product.heap16OverHeap1,
      hostBytesBeforeView: Object.values(bytes).reduce((total, size) => total + size, 0),
      layoutShift16: round(median(sixteen.map((entry) => entry.layoutShift)), 4),
      samples: { ...product.samples, layoutShift16: sixteen.map((entry) => round(entry.layoutShift, 4)) },
      heapParts: product.heapParts,
      transports: [...new Set([...one, ...sixteen].flatMap((entry) => entry.transports))],
      bytesBeforeView: bytes,
      frameFloor: summary(samples.floorOne, samples.floorSixteen),
    }
  } finally {
    await browser.close()
    await host.close()
    await site.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) emit(await measureEmbeds(isCi()))
