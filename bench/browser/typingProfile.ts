/**
 * Where typing's time goes: not a figure of the run, a profiler for whoever
 * works on it. Types the same keys as `typing.ts` on the playground's editor
 * and on the bare Monaco page (the builds `npm run bench` leaves in
 * node_modules/.cache/bench; build them first), with a CPU profile of the
 * main thread while typing, and prints each page's busy time per key and the
 * source files and functions (through the builds' source maps) it went to.
 *
 *   node bench/browser/typingProfile.ts [keys]
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import { launchChromium } from '../lib/chromium.ts'
import { startPreview } from '../lib/preview.ts'
import { buildDir, monacoFloorBuildDir } from './playground.ts'
import {
  FULL_MANIFEST,
  keystrokesFor,
  openToType,
  prepareMonacoFloor,
  preparePlayground,
  type TypingPage,
  typeAtCadence,
} from './typing.ts'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}
interface CpuProfile {
  nodes: ProfileNode[]
  samples?: number[]
  timeDeltas?: number[]
}

for (const dir of [buildDir, monacoFloorBuildDir])
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`Failed to profile: no build in ${dir}. Run: node bench/run.ts --typing --ci (it builds both)`)
    process.exit(1)
  }
const keys = keystrokesFor(JSON.stringify(FULL_MANIFEST, null, 2)).slice(0, Number(process.argv[2] ?? 300))

/** The source file and function a minified frame came from, by the build's source map. */
function original(dir: string, maps: Map<string, TraceMap | null>, frame: ProfileNode['callFrame']): { file: string; name: string } {
  const path = frame.url ? new URL(frame.url).pathname : ''
  if (!path.endsWith('.js')) return { file: frame.url ? path : frame.functionName, name: frame.functionName || '(anonymous)' }
  let map = maps.get(path)
  if (map === undefined) {
    const file = join(dir, `${path}.map`)
    map = existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null
    maps.set(path, map)
  }
  const found = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null
  const source = found?.source?.replace(/^(\.\.\/)+/, '') ?? path
  return { file: source, name: `${found?.name ?? (frame.functionName || '(anonymous)')} ${source.split('/').pop()}:${found?.line ?? '?'}` }
}

function top(totals: Map<string, number>, count: number, perKey: number): string[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, micros]) => `${(micros / 1000).toFixed(0).padStart(7)} ms ${(micros / 1000 / perKey).toFixed(2).padStart(6)} ms/key  ${name}`,
    )
}

const [playground, floor] = await Promise.all([startPreview(undefined, buildDir), startPreview(undefined, monacoFloorBuildDir)])
const browser = await launchChromium()
try {
  const targets: Array<{ target: TypingPage; dir: string }> = [
    { target: { key: 'playground', url: `${playground.url}#/editor`, prepare: preparePlayground }, dir: buildDir },
    { target: { key: 'monacoFloor', url: floor.url, prepare: prepareMonacoFloor }, dir: monacoFloorBuildDir },
  ]
  for (const { target, dir } of targets) {
    const context = await browser.newContext()
    const page = await openToType(context, target)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    const started = performance.now()
    await typeAtCadence(page, keys)
    const wallMs = performance.now() - started
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile }
    await context.close()
    const byId = new Map(profile.nodes.map((node) => [node.id, node]))
    const parentOf = new Map<number, number>()
    for (const node of profile.nodes as Array<ProfileNode & { children?: number[] }>)
      for (const child of node.children ?? []) parentOf.set(child, node.id)
    /** The nearest caller with a script of its own: who asked the browser for a layout or a message. */
    const callerOf = (id: number): string => {
      for (let at = parentOf.get(id); at !== undefined; at = parentOf.get(at)) {
        const frame = byId.get(at)?.callFrame
        if (frame?.url) return original(dir, maps, frame).name
      }
      return '(no script)'
    }
    const nativeCallers = new Map<string, number>()
    const maps = new Map<string, TraceMap | null>()
    const files = new Map<string, number>()
    const folders = new Map<string, number>()
    const functions = new Map<string, number>()
    /** Time with a file anywhere on the stack: what the app's own modules cost, the browser work they asked for included. */
    const inclusive = new Map<string, number>()
    const fileOfNode = new Map<number, string>()
    const fileOf = (id: number): string => {
      let file = fileOfNode.get(id)
      if (file === undefined) {
        const frame = byId.get(id)?.callFrame
        file = frame?.url ? original(dir, maps, frame).file : ''
        fileOfNode.set(id, file)
      }
      return file
    }
    // Stretches of the main thread with no idle sample of 50 ms or more: the long tasks, near enough.
    const samples = profile.samples ?? []
    const inLongStretch = new Set<number>()
    const stretches: number[] = []
    for (let start = 0; start < samples.length; ) {
      let end = start
      let length = 0
      while (end < samples.length && byId.get(samples[end] ?? -1)?.callFrame.functionName !== '(idle)') {
        length += profile.timeDeltas?.[end] ?? 0
        end++
      }
      if (length >= 50_000) {
        stretches.push(length)
        for (let index = start; index < end; index++) inLongStretch.add(index)
      }
      start = end + 1
    }
    const longInclusive = new Map<string, number>()
    const longFunctions = new Map<string, number>()
    let busy = 0
    for (const [index, id] of samples.entries()) {
      const frame = byId.get(id)?.callFrame
      const micros = profile.timeDeltas?.[index] ?? 0
      if (!frame || frame.functionName === '(idle)') continue
      busy += micros
      const { file, name } = original(dir, maps, frame)
      files.set(file, (files.get(file) ?? 0) + micros)
      const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : file
      folders.set(folder, (folders.get(folder) ?? 0) + micros)
      functions.set(name, (functions.get(name) ?? 0) + micros)
      const onStack = new Set<string>()
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) onStack.add(fileOf(at))
      for (const file of onStack)
        if (file.startsWith('src/') || file.includes('/contrib/')) inclusive.set(file, (inclusive.get(file) ?? 0) + micros)
      if (inLongStretch.has(index)) {
        longFunctions.set(name, (longFunctions.get(name) ?? 0) + micros)
        for (const file of onStack) if (file) longInclusive.set(file, (longInclusive.get(file) ?? 0) + micros)
      }
      if (!frame.url && frame.functionName && !frame.functionName.startsWith('(')) {
        const called = `${frame.functionName} ← ${callerOf(id)}`
        nativeCallers.set(called, (nativeCallers.get(called) ?? 0) + micros)
      }
    }
    console.log(
      `\n${target.key}: ${keys.length} keys in ${(wallMs / 1000).toFixed(1)} s, main thread busy ${(busy / 1000).toFixed(0)} ms (${(busy / 1000 / keys.length).toFixed(2)} ms a key)`,
    )
    console.log('by folder, self time:')
    for (const line of top(folders, 25, keys.length)) console.log(line)
    console.log('by source file, self time:')
    for (const line of top(files, 30, keys.length)) console.log(line)
    console.log('by function, self time:')
    for (const line of top(functions, 25, keys.length)) console.log(line)
    console.log("the app's files and Monaco's contributions, with everything they called (inclusive):")
    for (const line of top(inclusive, 25, keys.length)) console.log(line)
    console.log("the browser's own functions (layout reads, messages, marks), by the script that called them:")
    for (const line of top(nativeCallers, 15, keys.length)) console.log(line)
    const longMs = stretches.reduce((total, length) => total + length, 0) / 1000
    console.log(
      `${stretches.length} stretches of 50 ms or more without an idle sample (${longMs.toFixed(0)} ms); in them, by file on the stack:`,
    )
    for (const line of top(longInclusive, 20, keys.length)) console.log(line)
    console.log('in them, by function, self time:')
    for (const line of top(longFunctions, 15, keys.length)) console.log(line)
  }
} finally {
  await browser.close()
  await playground.stop()
  await floor.stop()
}
