/**
 * Cold start of the production playground (dist, served by `vite preview`):
 * in fresh browser contexts (no service worker, no cache, no IndexedDB), the
 * time from navigation start to a performance mark the app sets.
 */
import type { Browser } from '@playwright/test'
import { median, round } from '../lib/stats.ts'

/** Set by the runtime when the first API response arrives. */
export const API_READY_MARK = 'sandbox:api-ready'
/** Set by the manifest editor once it is painted with validation markers. */
export const EDITOR_MARKERS_MARK = 'sandbox:editor-markers'

export interface MarkTiming {
  /** Median of `samples`, or null when the mark never appeared. */
  medianMs: number | null
  samples: number[]
  /** Why there is no figure, when there is none. */
  missing?: string
  /** When the same navigations first painted text (the browser's first contentful paint), median and samples. */
  firstContentfulPaint?: { medianMs: number | null; samples: number[] }
}

/** The browser's own entry for the first paint that shows text: how soon a user sees the page. */
const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint'

/**
 * The figure of a page's navigations: the mark's median, or null with why
 * there is none, and their first contentful paint when any reported one.
 */
function timingOf(samples: number[], paints: number[], missing?: string): MarkTiming {
  const figure = missing === undefined ? { medianMs: round(median(samples), 1), samples } : { medianMs: null, samples, missing }
  return paints.length > 0 ? { ...figure, firstContentfulPaint: { medianMs: round(median(paints), 1), samples: paints } } : figure
}

/**
 * Opens `url` in `contexts` fresh contexts and reads the mark's start time
 * (milliseconds since navigation start). A mark that does not appear within
 * the timeout in the first context is reported missing, not guessed.
 */
export async function measureMark(browser: Browser, url: string, mark: string, contexts: number, timeoutMs = 20_000): Promise<MarkTiming> {
  const samples: number[] = []
  const paints: number[] = []
  for (let i = 0; i < contexts; i++) {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(url)
      try {
        await page.waitForFunction((name) => performance.getEntriesByName(name, 'mark').length > 0, mark, { timeout: timeoutMs })
      } catch {
        const reason = `performance.mark('${mark}') did not appear within ${timeoutMs / 1000} s at ${url}${errors.length ? ` (page errors: ${errors.join('; ').slice(0, 300)})` : ''}`
        return { medianMs: null, samples, missing: reason }
      }
      const [startTime, paintTime] = await page.evaluate(
        ([name, paint]) => [
          performance.getEntriesByName(name, 'mark')[0]?.startTime ?? Number.NaN,
          performance.getEntriesByName(paint, 'paint')[0]?.startTime ?? Number.NaN,
        ],
        [mark, FIRST_CONTENTFUL_PAINT] as const,
      )
      samples.push(round(startTime, 1))
      if (Number.isFinite(paintTime)) paints.push(round(paintTime, 1))
    } finally {
      await context.close()
    }
  }
  return timingOf(samples, paints)
}

/**
 * `measureMark` over several pages at once, their fresh contexts alternating
 * (A, B, A, B…), so a slow phase of the machine falls on each alike. A page
 * whose mark does not appear is reported missing and left out of the later
 * rounds; the others go on.
 */
export async function measureMarkAlternating(
  browser: Browser,
  urls: readonly string[],
  mark: string,
  contexts: number,
  timeoutMs = 20_000,
): Promise<MarkTiming[]> {
  const samples = urls.map((): number[] => [])
  const paints = urls.map((): number[] => [])
  const missing = urls.map((): string | undefined => undefined)
  for (let round = 0; round < contexts; round++) {
    for (const [index, url] of urls.entries()) {
      if (missing[index] !== undefined) continue
      const one = await measureMark(browser, url, mark, 1, timeoutMs)
      if (one.missing) missing[index] = one.missing
      else {
        samples[index]?.push(...one.samples)
        paints[index]?.push(...(one.firstContentfulPaint?.samples ?? []))
      }
    }
  }
  return samples.map((taken, index) => timingOf(taken, paints[index] ?? [], missing[index]))
}
