/**
 * Figures of the production playground: `npm run build` → dist, its gzipped
 * JavaScript, and cold starts in fresh browser contexts against `vite preview`.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process'
import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from '@playwright/test'
import { launchChromium } from '../lib/chromium.ts'
import { emit, isCi } from '../lib/emit.ts'
import { type PreviewServer, startPreview } from '../lib/preview.ts'
import { type BundleResult, measureBundle, measurePageBundle } from './bundleSize.ts'
import { API_READY_MARK, EDITOR_MARKERS_MARK, type MarkTiming, measureMarkAlternating } from './coldStart.ts'

const repository = fileURLToPath(new URL('../../', import.meta.url))
/**
 * The production build goes to its own directory, not dist, so a benchmark run
 * never swaps the files under someone else's `vite preview` of dist.
 */
export const buildDir = join(repository, 'node_modules', '.cache', 'bench', 'playground-dist')
/** The same build of one page, the runtime with no app (`runtimeOnly/`): the floor under the cold API answer. */
export const runtimeOnlyBuildDir = join(repository, 'node_modules', '.cache', 'bench', 'runtime-only-dist')
const RUNTIME_ONLY_CONFIG = join(repository, 'bench', 'browser', 'runtimeOnly', 'vite.config.ts')
/** One React component starting the same runtime (`reactFloor/`): the floor the cold API answer is judged against. */
export const reactFloorBuildDir = join(repository, 'node_modules', '.cache', 'bench', 'react-floor-dist')
const REACT_FLOOR_CONFIG = join(repository, 'bench', 'browser', 'reactFloor', 'vite.config.ts')
/** A bare Monaco JSON editor built by the same config (`monacoFloor/`): the floor under the editor's figures. */
export const monacoFloorBuildDir = join(repository, 'node_modules', '.cache', 'bench', 'monaco-floor-dist')
const MONACO_FLOOR_CONFIG = join(repository, 'bench', 'browser', 'monacoFloor', 'vite.config.ts')
const MONACO_FLOOR_PAGE = 'bench/browser/monacoFloor/index.html'

export interface PlaygroundResult {
  bundle: BundleResult | null
  coldApiReady: MarkTiming
  /** The same mark on the runtime-only page, measured alternately with `coldApiReady`. */
  coldApiReadyRuntimeOnly: MarkTiming
  /** The same mark on the one-React-component page, measured alternately with both. */
  coldApiReadyReactFloor: MarkTiming
  coldEditorMarkers: MarkTiming
  /** The same mark on the bare Monaco page, measured alternately with `coldEditorMarkers`. */
  coldMonacoFloorMarkers: MarkTiming
  /** Every script the bare Monaco page loads, workers included; null when it did not build. */
  monacoFloor: { gzipKB: number; files: Record<string, number> } | null
  /** Why a figure is missing, by figure name. */
  missing: Record<string, string>
}

const spawnOptions = { cwd: repository, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 } as const

/** Why a build failed, in a line or four of its own output; null when it did not. */
function buildFailure(build: SpawnSyncReturns<string>): string | null {
  if (build.status === 0) return null
  const lines = `${build.stdout}\n${build.stderr}`
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line) && !/^>|npm warn/.test(line))
  const first = Math.max(
    0,
    lines.findIndex((line) => /error|failed/i.test(line)),
  )
  return `the build failed (exit ${build.status}): ${lines
    .slice(first, first + 4)
    .join(' | ')
    .slice(0, 400)}`
}

/**
 * Builds one benchmark page with its config and makes it its build's
 * `index.html`, so `vite preview` serves it at `/` as it serves the playground.
 * @returns why it failed, or null
 */
function buildPage(config: string, outDir: string, page: string): string | null {
  const vite = join(repository, 'node_modules', 'vite', 'bin', 'vite.js')
  const failure = buildFailure(
    spawnSync(process.execPath, [vite, 'build', '--config', config, '--outDir', outDir, '--emptyOutDir', '--manifest'], spawnOptions),
  )
  if (failure) return failure
  renameSync(join(outDir, page), join(outDir, 'index.html'))
  return null
}

/**
 * The production playground into `buildDir`: the site's build of these sources (scripts/site-build.mjs),
 * which the e2e suite may have made already in the same run.
 * @returns why it failed, or null
 */
export function buildPlayground(): string | null {
  return buildFailure(spawnSync(process.execPath, [join(repository, 'scripts/site-build.mjs'), '--copy-to', buildDir], spawnOptions))
}

/**
 * The bare Monaco page into `monacoFloorBuildDir`.
 * @returns why it failed, or null
 */
export function buildMonacoFloor(): string | null {
  return buildPage(MONACO_FLOOR_CONFIG, monacoFloorBuildDir, MONACO_FLOOR_PAGE)
}

export async function measurePlayground(ci: boolean): Promise<PlaygroundResult> {
  const contexts = ci ? 1 : 15
  const failure = buildPlayground()
  if (failure) {
    const nothing: MarkTiming = { medianMs: null, samples: [], missing: failure }
    return {
      bundle: null,
      coldApiReady: nothing,
      coldApiReadyRuntimeOnly: nothing,
      coldApiReadyReactFloor: nothing,
      coldEditorMarkers: nothing,
      coldMonacoFloorMarkers: nothing,
      monacoFloor: null,
      missing: {
        entryGzipKB: failure,
        editorGzipKB: failure,
        coldApiReadyMs: failure,
        coldApiReadyRuntimeOnlyMs: failure,
        coldApiReadyReactFloorMs: failure,
        coldEditorMarkersMs: failure,
        monacoFloorGzipKB: failure,
        coldMonacoFloorMarkersMs: failure,
      },
    }
  }
  const runtimeOnlyFailure = buildPage(RUNTIME_ONLY_CONFIG, runtimeOnlyBuildDir, 'bench/browser/runtimeOnly/index.html')
  const reactFloorFailure = buildPage(REACT_FLOOR_CONFIG, reactFloorBuildDir, 'bench/browser/reactFloor/index.html')
  const floorFailure = buildMonacoFloor()
  const bundle = measureBundle(buildDir)
  const monacoFloor = floorFailure === null ? measurePageBundle(monacoFloorBuildDir, MONACO_FLOOR_PAGE) : null
  const server = await startPreview(undefined, buildDir)
  let runtimeOnlyServer: PreviewServer | undefined
  let reactFloorServer: PreviewServer | undefined
  let floorServer: PreviewServer | undefined
  let browser: Browser | undefined
  try {
    runtimeOnlyServer = runtimeOnlyFailure === null ? await startPreview(undefined, runtimeOnlyBuildDir) : undefined
    reactFloorServer = reactFloorFailure === null ? await startPreview(undefined, reactFloorBuildDir) : undefined
    browser = await launchChromium()
    // The status view asks GET /status as soon as the sandbox is up: its answer is the page's first.
    // The two floors take their turns beside it (playground, React floor, runtime only, again…), each in a fresh context.
    const pages = [
      { key: 'playground', url: `${server.url}#/overview` },
      ...(reactFloorServer ? [{ key: 'react', url: reactFloorServer.url }] : []),
      ...(runtimeOnlyServer ? [{ key: 'runtime', url: runtimeOnlyServer.url }] : []),
    ]
    const timings = await measureMarkAlternating(
      browser,
      pages.map((page) => page.url),
      API_READY_MARK,
      contexts,
    )
    const timingOf = (key: string) => timings[pages.findIndex((page) => page.key === key)]
    const coldApiReady = timingOf('playground')
    const coldApiReadyRuntimeOnly: MarkTiming = timingOf('runtime') ?? {
      medianMs: null,
      samples: [],
      missing: runtimeOnlyFailure ?? 'not measured',
    }
    const coldApiReadyReactFloor: MarkTiming = timingOf('react') ?? {
      medianMs: null,
      samples: [],
      missing: reactFloorFailure ?? 'not measured',
    }
    floorServer = floorFailure === null ? await startPreview(undefined, monacoFloorBuildDir) : undefined
    // The editor and the bare Monaco page in turn, so a slow phase of the machine falls on both alike.
    const editorUrls = [`${server.url}#/editor`, ...(floorServer ? [floorServer.url] : [])]
    const [coldEditorMarkersMeasured, measuredMonacoFloor] = await measureMarkAlternating(
      browser,
      editorUrls,
      EDITOR_MARKERS_MARK,
      contexts,
    )
    const coldEditorMarkers: MarkTiming = coldEditorMarkersMeasured ?? { medianMs: null, samples: [], missing: 'not measured' }
    const coldMonacoFloorMarkers: MarkTiming = measuredMonacoFloor ?? {
      medianMs: null,
      samples: [],
      missing: floorFailure ?? 'not measured',
    }
    const missing: Record<string, string> = {}
    if (floorFailure) missing.monacoFloorGzipKB = floorFailure
    if (coldMonacoFloorMarkers.missing) missing.coldMonacoFloorMarkersMs = coldMonacoFloorMarkers.missing
    if (coldApiReady?.missing) missing.coldApiReadyMs = coldApiReady.missing
    if (coldApiReadyRuntimeOnly.missing) missing.coldApiReadyRuntimeOnlyMs = coldApiReadyRuntimeOnly.missing
    if (coldApiReadyReactFloor.missing) missing.coldApiReadyReactFloorMs = coldApiReadyReactFloor.missing
    if (coldEditorMarkers.missing) missing.coldEditorMarkersMs = coldEditorMarkers.missing
    return {
      bundle,
      coldApiReady: coldApiReady ?? { medianMs: null, samples: [], missing: 'not measured' },
      coldApiReadyRuntimeOnly,
      coldApiReadyReactFloor,
      coldEditorMarkers,
      coldMonacoFloorMarkers,
      monacoFloor,
      missing,
    }
  } finally {
    await browser?.close()
    await server.stop()
    await runtimeOnlyServer?.stop()
    await reactFloorServer?.stop()
    await floorServer?.stop()
  }
}

if (import.meta.main) emit(await measurePlayground(isCi()))
