/**
 * Figures of the production playground: `npm run build` → dist, its gzipped
 * JavaScript, and cold starts in fresh browser contexts against `vite preview`.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchChromium } from '../lib/chromium.ts'
import { emit, isCi } from '../lib/emit.ts'
import { startPreview } from '../lib/preview.ts'
import { type BundleResult, measureBundle } from './bundleSize.ts'
import { API_READY_MARK, EDITOR_MARKERS_MARK, type MarkTiming, measureMark } from './coldStart.ts'

const repository = fileURLToPath(new URL('../../', import.meta.url))
/**
 * The production build goes to its own directory, not dist, so a benchmark run
 * never swaps the files under someone else's `vite preview` of dist.
 */
export const buildDir = join(repository, 'node_modules', '.cache', 'bench', 'playground-dist')

export interface PlaygroundResult {
  bundle: BundleResult | null
  coldApiReady: MarkTiming
  coldEditorMarkers: MarkTiming
  /** Why a figure is missing, by figure name. */
  missing: Record<string, string>
}

export async function measurePlayground(ci: boolean): Promise<PlaygroundResult> {
  const contexts = ci ? 2 : 7
  const build = spawnSync('npm', ['run', 'build', '--', '--outDir', buildDir, '--emptyOutDir', '--manifest'], {
    cwd: repository,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (build.status !== 0) {
    const lines = `${build.stdout}\n${build.stderr}`
      .split('\n')
      .filter((line) => line.trim() && !/^\s+at /.test(line) && !/^>|npm warn/.test(line))
    const first = Math.max(
      0,
      lines.findIndex((line) => /error|failed/i.test(line)),
    )
    const reason = `npm run build failed (exit ${build.status}): ${lines
      .slice(first, first + 4)
      .join(' | ')
      .slice(0, 400)}`
    const nothing: MarkTiming = { medianMs: null, samples: [], missing: reason }
    return {
      bundle: null,
      coldApiReady: nothing,
      coldEditorMarkers: nothing,
      missing: { entryGzipKB: reason, editorGzipKB: reason, coldApiReadyMs: reason, coldEditorMarkersMs: reason },
    }
  }
  const bundle = measureBundle(buildDir)
  const server = await startPreview(undefined, buildDir)
  const browser = await launchChromium()
  try {
    // The status view asks GET /status as soon as the sandbox is up: its answer is the page's first.
    const coldApiReady = await measureMark(browser, `${server.url}#/overview`, API_READY_MARK, contexts)
    const coldEditorMarkers = await measureMark(browser, `${server.url}#/editor`, EDITOR_MARKERS_MARK, contexts)
    const missing: Record<string, string> = {}
    if (coldApiReady.missing) missing.coldApiReadyMs = coldApiReady.missing
    if (coldEditorMarkers.missing) missing.coldEditorMarkersMs = coldEditorMarkers.missing
    return { bundle, coldApiReady, coldEditorMarkers, missing }
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (import.meta.main) emit(await measurePlayground(isCi()))
