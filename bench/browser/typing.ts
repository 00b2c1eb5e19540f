/**
 * Typing in the editor: what a user feels between pressing a key and seeing
 * it on screen, on the playground's `#/editor` (live validation on, a key
 * issued, as a user has it) and on the bare Monaco page (`monacoFloor/`),
 * alternated in fresh contexts, the same keystrokes on both.
 *
 * One definition on both pages, from a script each context runs before the
 * page's own: a capture-phase `keydown` listener on window takes the event's
 * `timeStamp` (when the browser took the key, so time the key waited behind
 * other work counts), asks for the next frame, and from that frame's
 * callback queues a task; the latency is that task's start minus the
 * timeStamp: keydown to the first task after the frame that paints the
 * change. Monaco applies a typed character in the key's own dispatch and
 * draws it in an animation-frame callback queued after ours, so that frame
 * carries the changed line. The Event Timing API's keydown entries are kept
 * beside it as a cross-check, not as the figure: they exist only from 16 ms.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { SAMPLE_MANIFEST } from '../../src/api/contract/sampleManifest.ts'
import { launchChromium } from '../lib/chromium.ts'
import { emit, isCi } from '../lib/emit.ts'
import { type PreviewServer, startPreview } from '../lib/preview.ts'
import { quantile, round } from '../lib/stats.ts'
import { EDITOR_MARKERS_MARK } from './coldStart.ts'
import { buildDir, buildMonacoFloor, buildPlayground, monacoFloorBuildDir } from './playground.ts'

/** 10 keys a second, a steady typist. */
export const KEY_INTERVAL_MS = 100
/** How long each key is held: its keyup lands between two keydowns, as a person's does. */
const KEY_HELD_MS = 40
/** Tasks longer than this are long tasks (the Long Tasks API's own threshold). */
export const LONG_TASK_MS = 50

const closesOnly = (line: string | undefined) => line !== undefined && /^[}\]],?$/.test(line)

/**
 * The keys that type `text` (pretty-printed JSON) into an editor that
 * indents and closes brackets and quotes as it goes, as a person types it:
 * each line without its indentation; a line that only closes what the editor
 * already closed is stepped over (Right from the end of the line above, then
 * End) and gets only its comma. Escape comes before Enter, so an open
 * suggestion list does not take it (the bare page's Enter would accept a
 * suggestion, the playground's would not). Right and End, unlike Down, are
 * never the suggestion list's: a list that opened late, on a busy machine,
 * after the last Escape, took Down and the text came out wrong. Both pages
 * get exactly these keys.
 */
export function keystrokesFor(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trim())
  const keys: string[] = []
  for (const [index, line] of lines.entries()) {
    if (closesOnly(line)) {
      keys.push('ArrowRight', 'End')
      if (line.endsWith(',')) keys.push(',')
    } else {
      keys.push(...line)
    }
    const next = lines[index + 1]
    if (next !== undefined && !closesOnly(next)) keys.push('Escape', 'Enter')
  }
  return keys
}

/** The sample "Reading log" manifest with seven more columns: about 1,000 keys (a full run). */
export const FULL_MANIFEST = {
  ...SAMPLE_MANIFEST,
  display: {
    ...SAMPLE_MANIFEST.display,
    columns: [
      ...(SAMPLE_MANIFEST.display?.columns ?? []),
      { name: 'Author', type: 'text' },
      { name: 'Started', type: 'date' },
      { name: 'Minutes', type: 'number', unit: 'min' },
      { name: 'Format', type: 'select', options: ['Paper', 'E-book', 'Audio'] },
      { name: 'Borrowed', type: 'toggle' },
      { name: 'Notes', type: 'text' },
      { name: 'Shelf', type: 'text' },
    ],
  },
}

/** Its first two fields, 56 keys: a short run (`--ci`) proves the figures come out, in about 20 s for both pages. */
export const SHORT_MANIFEST = {
  schema: SAMPLE_MANIFEST.schema,
  name: SAMPLE_MANIFEST.name,
}

export interface TypingTiming {
  /** Pooled over every key of every round; null when a round failed. */
  p50Ms: number | null
  p95Ms: number | null
  /** Long tasks (> 50 ms) while typing, every round together. */
  longTasks: number | null
  rounds: Array<{
    p50Ms: number
    p95Ms: number
    maxMs: number
    longTaskMs: number[]
    /**
     * The Event Timing API's keydown entries, a cross-check: it reports only those of 16 ms or more, their
     * durations (keydown to the next paint) rounded to 8 ms.
     */
    eventTimingKeydowns: { count: number; p50Ms: number | null; p95Ms: number | null }
    /** Keydown to the first task after the next frame, per key in typing order, ms. */
    samples: number[]
  }>
  missing?: string
}

export interface TypingResult {
  typingLatencyP50Ms: number | null
  typingLatencyP95Ms: number | null
  typingLatencyMonacoFloorP50Ms: number | null
  typingLatencyMonacoFloorP95Ms: number | null
  typingLongTasks: number | null
  typingLongTasksMonacoFloor: number | null
  playground: TypingTiming
  monacoFloor: TypingTiming
  /** What each round typed: the manifest's length and the keys pressed for it. */
  text: { characters: number; keys: number; keyIntervalMs: number }
  /** Why a figure is missing, by figure name. */
  missing: Record<string, string>
}

/** The page-side half, run in every context before the page's own scripts. */
interface TypingProbe {
  armed: boolean
  samples: Array<[index: number, ms: number]>
  keys: number
  longTasks: Array<{ start: number; duration: number }>
  keydownEntries: Array<{ start: number; duration: number }>
  from: number
  to: number
}

function installTypingProbe(): void {
  const probe: TypingProbe = { armed: false, samples: [], keys: 0, longTasks: [], keydownEntries: [], from: 0, to: 0 }
  ;(globalThis as unknown as { typingProbe: TypingProbe }).typingProbe = probe
  addEventListener(
    'keydown',
    (event) => {
      if (!probe.armed) return
      const index = probe.keys++
      const start = event.timeStamp
      requestAnimationFrame(() => setTimeout(() => probe.samples.push([index, performance.now() - start]), 0))
    },
    { capture: true },
  )
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'keydown') probe.keydownEntries.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** Where the user types on either page: Monaco's text layer, which takes a click like any editor. */
export const EDITOR_TEXT = '.monaco-editor .view-lines'

export interface TypingPage {
  key: 'playground' | 'monacoFloor'
  url: string
  /** Brings the page to where a user starts typing. */
  prepare(page: Page): Promise<void>
}

/** Opens the editor and issues the one-click key its gate offers: live validation is then on, as a user has it. */
export async function preparePlayground(page: Page): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, EDITOR_MARKERS_MARK, { timeout: 30_000 })
  const gate = page.getByTestId('key-gate')
  await gate.getByRole('button', { name: 'Issue a key with tools.read, tools.validate, tools.preview' }).click({ timeout: 15_000 })
  await gate.waitFor({ state: 'detached', timeout: 15_000 })
  await page.locator('[data-testid="agreement"][data-state="settled"]').waitFor({ timeout: 15_000 })
  // The blank manifest the editor opens with is valid: only a verdict from the API says so.
  const status = await page.getByTestId('editor-status').getAttribute('data-status')
  if (status !== 'valid') throw new Error(`live validation is not on: the editor's status is "${status}", not "valid"`)
}

export async function prepareMonacoFloor(page: Page): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, EDITOR_MARKERS_MARK, { timeout: 30_000 })
}

/** The editor's whole text, as a user would take it: select all and copy (Monaco draws only the lines in view). */
async function editorText(page: Page): Promise<string> {
  await page.locator(EDITOR_TEXT).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('ControlOrMeta+C')
  return (await page.evaluate(() => navigator.clipboard.readText())).replace(/\r\n/g, '\n')
}

interface Round {
  samples: number[]
  longTaskMs: number[]
  eventTimingKeydownMs: number[]
}

/** Opens `target` in `context` and empties its editor, the cursor in it: where typing starts. */
export async function openToType(context: BrowserContext, target: TypingPage): Promise<Page> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(target.url)
  try {
    await target.prepare(page)
  } catch (error) {
    throw new Error(
      `${target.key} did not get ready to type: ${String(error).slice(0, 300)}${errors.length ? ` (page errors: ${errors.join('; ').slice(0, 300)})` : ''}`,
    )
  }
  await page.locator(EDITOR_TEXT).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  // The emptied text's checks (300 ms quiet, then the worker and the API) done before the first key.
  await sleep(1_000)
  return page
}

/** Presses `keys` at 10 a second, each held a moment, as a steady typist does. */
export async function typeAtCadence(page: Page, keys: readonly string[]): Promise<void> {
  const start = performance.now()
  for (const [index, key] of keys.entries()) {
    // A steady cadence from the first key: a key that waited does not push the later ones back.
    await sleep(start + index * KEY_INTERVAL_MS - performance.now())
    await page.keyboard.down(key)
    await sleep(KEY_HELD_MS)
    await page.keyboard.up(key)
  }
}

/** One round in a fresh context: open, empty the editor, type `keys` at the cadence, and check the text came out as `expected`. */
async function typeOnce(browser: Browser, target: TypingPage, keys: readonly string[], expected: string): Promise<Round> {
  const context: BrowserContext = await browser.newContext()
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(target.url).origin })
    await context.addInitScript(installTypingProbe)
    const page = await openToType(context, target)
    await page.evaluate(() => {
      const probe = (globalThis as unknown as { typingProbe: TypingProbe }).typingProbe
      probe.armed = true
      probe.from = performance.now()
    })
    await typeAtCadence(page, keys)
    await page.waitForFunction(
      (count) => (globalThis as unknown as { typingProbe: TypingProbe }).typingProbe.samples.length >= count,
      keys.length,
      {
        timeout: 10_000,
      },
    )
    const probe = await page.evaluate(() => {
      const probe = (globalThis as unknown as { typingProbe: TypingProbe }).typingProbe
      probe.armed = false
      probe.to = performance.now()
      return probe
    })
    const typed = await editorText(page)
    if (typed !== expected) {
      const at = [...expected].findIndex((character, index) => typed[index] !== character)
      throw new Error(
        `the text typed on ${target.key} is not what was typed (${typed.length} characters for ${expected.length}; first difference at ${at}: ${JSON.stringify(typed.slice(Math.max(0, at - 60), at + 40))} for ${JSON.stringify(expected.slice(Math.max(0, at - 60), at + 40))})`,
      )
    }
    if (probe.keys !== keys.length) throw new Error(`${target.key} saw ${probe.keys} keydowns for ${keys.length} keys`)
    const samples = probe.samples.sort(([a], [b]) => a - b).map(([, ms]) => round(ms, 1))
    const during = (entry: { start: number }) => entry.start >= probe.from && entry.start <= probe.to
    return {
      samples,
      longTaskMs: probe.longTasks.filter((task) => during(task) && task.duration > LONG_TASK_MS).map((task) => round(task.duration, 1)),
      eventTimingKeydownMs: probe.keydownEntries.filter(during).map((entry) => round(entry.duration, 1)),
    }
  } finally {
    await context.close()
  }
}

function timingOf(rounds: Round[], missing: string | undefined): TypingTiming {
  const summaries = rounds.map((one) => ({
    p50Ms: round(quantile(one.samples, 0.5), 1),
    p95Ms: round(quantile(one.samples, 0.95), 1),
    maxMs: Math.max(...one.samples),
    longTaskMs: one.longTaskMs,
    eventTimingKeydowns: {
      count: one.eventTimingKeydownMs.length,
      p50Ms: one.eventTimingKeydownMs.length > 0 ? round(quantile(one.eventTimingKeydownMs, 0.5), 1) : null,
      p95Ms: one.eventTimingKeydownMs.length > 0 ? round(quantile(one.eventTimingKeydownMs, 0.95), 1) : null,
    },
    samples: one.samples,
  }))
  if (missing !== undefined || rounds.length === 0)
    return { p50Ms: null, p95Ms: null, longTasks: null, rounds: summaries, missing: missing ?? 'not measured' }
  const pooled = rounds.flatMap((one) => one.samples)
  return {
    p50Ms: round(quantile(pooled, 0.5), 1),
    p95Ms: round(quantile(pooled, 0.95), 1),
    longTasks: rounds.reduce((total, one) => total + one.longTaskMs.length, 0),
    rounds: summaries,
  }
}

/**
 * Types the manifest `rounds` times on each page, alternated (playground,
 * floor, playground…), each in a fresh context. A page that fails a round
 * (not ready, or the text did not land as typed) is reported missing and
 * left out of the later rounds; the other goes on.
 */
export async function measureTyping(
  browser: Browser,
  pages: readonly TypingPage[],
  rounds: number,
  manifest: unknown,
): Promise<TypingTiming[]> {
  const expected = JSON.stringify(manifest, null, 2)
  const keys = keystrokesFor(expected)
  const taken = pages.map((): Round[] => [])
  const missing = pages.map((): string | undefined => undefined)
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of pages.entries()) {
      if (missing[index] !== undefined) continue
      try {
        taken[index]?.push(await typeOnce(browser, target, keys, expected))
      } catch (error) {
        missing[index] = error instanceof Error ? error.message : String(error)
      }
    }
  }
  return taken.map((one, index) => timingOf(one, missing[index]))
}

/**
 * Builds both pages unless the playground's step of the same run already
 * did (`BENCH_PLAYGROUND_BUILT`, set by bench/run.ts), then measures.
 */
export async function measureTypingFigures(ci: boolean): Promise<TypingResult> {
  const manifest = ci ? SHORT_MANIFEST : FULL_MANIFEST
  const rounds = ci ? 1 : 3
  const expected = JSON.stringify(manifest, null, 2)
  const text = { characters: expected.length, keys: keystrokesFor(expected).length, keyIntervalMs: KEY_INTERVAL_MS }
  const built = process.env.BENCH_PLAYGROUND_BUILT === '1'
  const playgroundFailure = built ? null : buildPlayground()
  const floorFailure = built ? null : buildMonacoFloor()
  const servers: PreviewServer[] = []
  let browser: Browser | undefined
  try {
    // Both at once, each stopped below even when the other failed to start.
    const started = await Promise.allSettled([
      playgroundFailure === null ? startPreview(undefined, buildDir) : undefined,
      floorFailure === null ? startPreview(undefined, monacoFloorBuildDir) : undefined,
    ])
    for (const result of started) if (result.status === 'fulfilled' && result.value) servers.push(result.value)
    for (const result of started) if (result.status === 'rejected') throw result.reason
    const [playgroundServer, floorServer] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined))
    const pages: TypingPage[] = [
      ...(playgroundServer ? [{ key: 'playground', url: `${playgroundServer.url}#/editor`, prepare: preparePlayground } as const] : []),
      ...(floorServer ? [{ key: 'monacoFloor', url: floorServer.url, prepare: prepareMonacoFloor } as const] : []),
    ]
    browser = await launchChromium()
    const timings = await measureTyping(browser, pages, rounds, manifest)
    const timingOfPage = (key: TypingPage['key'], failure: string | null): TypingTiming =>
      timings[pages.findIndex((page) => page.key === key)] ?? {
        p50Ms: null,
        p95Ms: null,
        longTasks: null,
        rounds: [],
        missing: failure ?? 'not measured',
      }
    const playground = timingOfPage('playground', playgroundFailure)
    const monacoFloor = timingOfPage('monacoFloor', floorFailure)
    const missing: Record<string, string> = {}
    if (playground.missing) {
      missing.typingLatencyP95Ms = playground.missing
      missing.typingLongTasks = playground.missing
    }
    if (monacoFloor.missing) {
      missing.typingLatencyMonacoFloorP95Ms = monacoFloor.missing
      missing.typingLongTasksMonacoFloor = monacoFloor.missing
    }
    return {
      typingLatencyP50Ms: playground.p50Ms,
      typingLatencyP95Ms: playground.p95Ms,
      typingLatencyMonacoFloorP50Ms: monacoFloor.p50Ms,
      typingLatencyMonacoFloorP95Ms: monacoFloor.p95Ms,
      typingLongTasks: playground.longTasks,
      typingLongTasksMonacoFloor: monacoFloor.longTasks,
      playground,
      monacoFloor,
      text,
      missing,
    }
  } finally {
    await browser?.close()
    for (const server of servers) await server.stop()
  }
}

if (import.meta.main) emit(await measureTypingFigures(isCi()))
