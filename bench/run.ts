/**
 * `npm run bench` (full counts, writes bench/results/latest.json) and
 * `npm run bench:ci` (small counts, writes bench/results/ci.json and fails
 * unless every figure is present and finite). Targets are printed, never asserted.
 * Either fails when a measured response was not a 200: a figure times only the
 * answers it names.
 *
 * Each measurement runs in its own Node process so one cannot warm, patch
 * (msw/node patches fetch) or slow down another.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, getPriority, loadavg, setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from '../scripts/build-if-stale.mjs'
import type { EmbedsResult } from './browser/embeds.ts'
import { type PlaygroundResult, buildDir as playgroundBuildDir } from './browser/playground.ts'
import type { TypingResult } from './browser/typing.ts'
import type { WorkerRoundTripResult } from './browser/workerRoundTrips.ts'
import type { ServeFirstAnswerResult } from './http/serveFirstAnswer.ts'
import type { ServeVsPeersResult } from './http/serveVsPeers.ts'
import type { TeamScaleResult } from './http/teamScale.ts'
import type { TeamVsServeResult } from './http/teamVsServe.ts'
import type { TeamWakeResult } from './http/teamWake.ts'
import { isCi, RESULT_PREFIX } from './lib/emit.ts'
import { refusalFailure } from './lib/refusals.ts'
import { type Comparison, compareWithPrevious, formatChange } from './lib/regression.ts'
import { FIGURES, figureValue, type Results, verdict } from './lib/targets.ts'
import type { MswSequentialResult } from './node/mswSequential.ts'
import type { StorageResult } from './node/storage.ts'
import type { TestIsolationResult } from './node/testIsolation.ts'
import type { ValidatorResult } from './node/validators.ts'

const repository = fileURLToPath(new URL('../', import.meta.url))
const ci = isCi()
const loadAtStart = loadavg()

// On a shared machine (tests running beside the benchmark) a higher priority
// keeps other processes from stretching one side of a pair more than the
// other. Children (the measurement scripts, Chromium) inherit it. Only root
// may raise it; otherwise the run goes on at normal priority.
try {
  setPriority(-10)
} catch {
  // Not permitted: measure at the normal priority.
}
const priority = getPriority()

function step(title: string): void {
  process.stderr.write(`\n▸ ${title}\n`)
}

/**
 * Longest a measurement script may run: a short run's take a minute or two, a
 * full run's up to ten. One that hangs fails the run with its name instead of
 * holding the machine until CI's own limit.
 */
const SCRIPT_WITHIN_MS = (ci ? 10 : 40) * 60_000

/** Runs one measurement script in a fresh Node process and returns what it emitted. */
function measure<T>(script: string): T {
  const args = [fileURLToPath(new URL(script, import.meta.url)), ...(ci ? ['--ci'] : [])]
  const started = Date.now()
  const result = spawnSync(process.execPath, args, {
    cwd: repository,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: SCRIPT_WITHIN_MS,
  })
  if (result.error)
    throw new Error(`Failed to measure "${script}": ${result.error.message} (limit ${SCRIPT_WITHIN_MS / 60_000} min)\n${result.stdout}`)
  const line = result.stdout.split('\n').find((candidate) => candidate.startsWith(RESULT_PREFIX))
  if (result.status !== 0 || !line) throw new Error(`Failed to measure "${script}": exit ${result.status}\n${result.stdout}`)
  // What each part costs the run, so a slower suite can be traced to its part.
  process.stdout.write(`  (${script}: ${((Date.now() - started) / 1000).toFixed(1)} s)\n`)
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as T
}

function format(value: number | null, unit: string): string {
  if (value === null || !Number.isFinite(value)) return 'null'
  if (unit === '×') return `${value.toFixed(3)}×`
  if (unit === 'B') return `${value} B`
  if (unit === 'MB') return `${value} MB`
  return `${value} ${unit}`
}

function table(results: Results, comparisons: readonly Comparison[]): string {
  const rows = FIGURES.map((figure, index) => {
    const comparison = comparisons[index]
    return [
      figure.figure,
      format(figureValue(results, figure.figure), figure.unit),
      format(comparison?.previous ?? null, figure.unit),
      comparison ? formatChange(comparison) : '—',
      figure.target?.describe ?? '—',
      verdict(results, figure),
    ]
  })
  const header = ['figure', 'value', 'previous', 'change', 'target', 'verdict']
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}

/** The last full run's figures (committed), which every run, full or short, is held against. */
function previousResults(): Results | null {
  const path = new URL('results/latest.json', import.meta.url)
  if (!existsSync(path)) return null
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Results
  } catch {
    return null
  }
}

/** The team sandbox's steps, which `--team` runs alone (the rest of the bench takes a long while and the whole machine). */
function measureTeam() {
  step('Team sandbox: a workspace Durable Object on local workerd vs serve, GET /status')
  const vsServe = measure<TeamVsServeResult>('http/teamVsServe.ts')
  step('Team sandbox: waking workspaces of 10 / 1,000 / 24,000 keys, memory, eight workspaces in parallel')
  const wake = measure<TeamWakeResult>('http/teamWake.ts')
  step('Team sandbox: 1,000 workspaces created, used, listed and deleted')
  const scale = measure<TeamScaleResult>('http/teamScale.ts')
  const [small, middle, large] = Object.values(wake.wakeMs)
  return {
    figures: {
      workspaceRpsSequential: vsServe.workspaceRpsSequential,
      workspaceRpsParallel: vsServe.workspaceRpsParallel,
      workspaceOverServeSequential: vsServe.workspaceOverServeSequential,
      workspaceOverServeParallel: vsServe.workspaceOverServeParallel,
      // A short run (--ci) wakes smaller workspaces (10, 100, 500 keys) under the same names.
      wakeMs10: small ?? null,
      wakeMs1000: middle ?? null,
      wakeMs24000: large ?? null,
      workspaceHeapMB: wake.workspaceHeapMB,
      workspaceOverBare: wake.workspaceOverBare,
      aggregateRps8: wake.aggregateRatio8,
      bareAggregateRps8: wake.bareAggregateRatio8,
      scale1000Ms: scale.totalMs,
    },
    details: { ...vsServe, wake, scale },
    nonOk: { 'team.vsServe.serve': vsServe.nonOk.serve, 'team.vsServe.workspace': vsServe.nonOk.workspace, 'team.wake': wake.nonOk },
  }
}

function embedFigures(embeds: EmbedsResult) {
  return {
    ready1Ms: embeds.ready1Ms,
    ready16Ms: embeds.ready16Ms,
    ready16OverReady1: embeds.ready16OverReady1,
    heap16OverHeap1: embeds.heap16OverHeap1,
    hostBytesBeforeView: embeds.hostBytesBeforeView,
    layoutShift16: embeds.layoutShift16,
    frameFloorReady16OverReady1: embeds.frameFloor.ready16OverReady1,
    frameFloorHeap16OverHeap1: embeds.frameFloor.heap16OverHeap1,
  }
}

const EMBEDS_STEP = 'Docs embeds: 1 against 16 on a page of another site, all in view, alternated; 16 out of view'

function typingFigures(typing: TypingResult) {
  return {
    typingLatencyP95Ms: typing.typingLatencyP95Ms,
    typingLatencyMonacoFloorP95Ms: typing.typingLatencyMonacoFloorP95Ms,
    typingLongTasks: typing.typingLongTasks,
    typingLongTasksMonacoFloor: typing.typingLongTasksMonacoFloor,
  }
}

/** The typing figures' details: p50s beside the p95s, and every key's latency by round. */
function typingDetails(typing: TypingResult) {
  return {
    typingLatencyP50Ms: typing.typingLatencyP50Ms,
    typingLatencyMonacoFloorP50Ms: typing.typingLatencyMonacoFloorP50Ms,
    typingText: typing.text,
    typing: typing.playground,
    typingMonacoFloor: typing.monacoFloor,
  }
}

const TYPING_STEP = 'Playground: typing a manifest at 10 keys a second in the editor, against the bare Monaco page, alternated'

/** The figures of one part as rows: name, value, target and verdict. */
function partRows(results: Results, prefix: string): string[] {
  return FIGURES.filter((figure) => figure.figure.startsWith(prefix)).map(
    (figure) =>
      `${figure.figure}  ${format(figureValue(results, figure.figure), figure.unit)}  ${figure.target?.describe ?? '—'}  ${verdict(results, figure)}`,
  )
}

/** Writes one part's results file (`results/<name>.json`, or `<name>-ci.json`), formatted as the committed ones are. */
function writePartResults(name: string, content: Record<string, unknown>): string {
  const file = new URL(`results/${name}${ci ? '-ci' : ''}.json`, import.meta.url)
  mkdirSync(new URL('results/', import.meta.url), { recursive: true })
  writeFileSync(file, `${JSON.stringify({ ...content, at: new Date().toISOString(), loadAverageAtEnd: loadavg() }, null, 2)}\n`)
  spawnSync(fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)), ['format', '--write', fileURLToPath(file)], {
    cwd: repository,
    stdio: 'ignore',
  })
  return fileURLToPath(file)
}

if (process.argv.includes('--typing')) {
  // The typing figures alone (they build both pages themselves): what `npm run bench -- --typing` runs.
  step(TYPING_STEP)
  const typing = measure<TypingResult>('browser/typing.ts')
  const results = { browser: typingFigures(typing) } as unknown as Results
  const p50s = `p50: ${format(typing.typingLatencyP50Ms, 'ms')} (Monaco floor ${format(typing.typingLatencyMonacoFloorP50Ms, 'ms')})`
  const file = writePartResults('typing', { browser: results.browser, missing: typing.missing, details: typingDetails(typing) })
  const missing = Object.entries(typing.missing).map(([figure, reason]) => `missing ${figure}: ${reason}\n`)
  process.stdout.write(`\n${partRows(results, 'browser.typing').join('\n')}\n${p50s}\n\n${missing.join('')}Wrote ${file}\n`)
  process.exit(ci && missing.length > 0 ? 1 : 0)
}

if (process.argv.includes('--embeds')) {
  // The embeds alone (on the site's shared build of these sources, scripts/site-build.mjs): what `npm run bench -- --embeds` runs.
  step(EMBEDS_STEP)
  const embeds = measure<EmbedsResult>('browser/embeds.ts')
  const results = { embeds: embedFigures(embeds) } as unknown as Results
  const file = writePartResults('embeds', { embeds: results.embeds, details: embeds })
  process.stdout.write(`\n${partRows(results, 'embeds.').join('\n')}\n\nWrote ${file}\n`)
  process.exit(0)
}

if (process.argv.includes('--team')) {
  step('The library (dist-lib), built when older than its sources')
  buildIfStale(['serve'])
  const team = measureTeam()
  const results = { team: team.figures } as unknown as Results
  const file = writePartResults('team', { team: team.figures, details: team.details })
  process.stdout.write(`\n${partRows(results, 'team.').join('\n')}\n\nWrote ${file}\n`)
  const failure = refusalFailure(team.nonOk)
  if (failure) process.stderr.write(`${failure}\n`)
  process.exit(failure ? 1 : 0)
}

step('The library (dist-lib), built when older than its sources')
buildIfStale(['serve'])
step('Validators: ours vs bare ajv')
const validator = measure<ValidatorResult>('node/validators.ts')
step('msw/node: sandbox vs bare handler, sequential')
const mswNode = measure<MswSequentialResult>('node/mswSequential.ts')
step('Per-test isolation in a consumer suite: fresh sandbox, reset, fixture')
const isolation = measure<TestIsolationResult>('node/testIsolation.ts')
step('Storage footprint after 1k and 10k requests')
const storage = measure<StorageResult>('node/storage.ts')
step('HTTP: developer-sandbox serve vs prism mock vs bare node:http, GET /status')
const http = measure<ServeVsPeersResult>('http/serveVsPeers.ts')
step('HTTP: spawning serve on an empty state to its first 200 on GET /status, vs a bare node:http script')
const firstAnswer = measure<ServeFirstAnswerResult>('http/serveFirstAnswer.ts')
const teamRun = measureTeam()
const team = teamRun.details
step('Browser: round trips through the MSW worker')
const worker = measure<WorkerRoundTripResult>('browser/workerRoundTrips.ts')
step('Playground: production build, bundle size, cold starts')
const playground = measure<PlaygroundResult>('browser/playground.ts')
step(TYPING_STEP)
// The playground's step built the playground and the bare Monaco page: typing is measured on those builds
// (where one failed, the typing step builds again and reports why it is missing).
if (playground.bundle && playground.monacoFloor) process.env.BENCH_PLAYGROUND_BUILT = '1'
const typing = measure<TypingResult>('browser/typing.ts')
step(EMBEDS_STEP)
// The playground's step built the whole site (embed pages and worker too): the embeds are measured on that build.
process.env.BENCH_EMBEDS_SITE = playgroundBuildDir
const embeds = measure<EmbedsResult>('browser/embeds.ts')

const results: Results = {
  browser: {
    statusP50Ratio: worker.statusP50Ratio,
    validateP50Ratio: worker.validateP50Ratio,
    parallelThroughputRatio: worker.parallelThroughputRatio,
    coldApiReadyMs: playground.coldApiReady.medianMs,
    coldFirstPaintMs: playground.coldApiReady.firstContentfulPaint?.medianMs ?? null,
    coldApiReadyRuntimeOnlyMs: playground.coldApiReadyRuntimeOnly.medianMs,
    coldApiReadyReactFloorMs: playground.coldApiReadyReactFloor.medianMs,
    coldEditorMarkersMs: playground.coldEditorMarkers.medianMs,
    coldMonacoFloorMarkersMs: playground.coldMonacoFloorMarkers.medianMs,
    ...typingFigures(typing),
  },
  node: {
    mswSequentialRatio: mswNode.mswSequentialRatio,
    mswSequentialRatioIndexedDb: mswNode.indexedDb.mswSequentialRatio,
    freshSandboxPerTestMs: isolation.freshSandboxPerTestMs,
    resetPerTestMs: isolation.resetPerTestMs,
    fixturePerTestMs: isolation.fixturePerTestMs,
  },
  validator: { validRatio: validator.validRatio, invalidRatio: validator.invalidRatio },
  bundle: {
    entryGzipKB: playground.bundle?.entryGzipKB ?? null,
    editorGzipKB: playground.bundle?.editorGzipKB ?? null,
    monacoFloorGzipKB: playground.monacoFloor?.gzipKB ?? null,
  },
  storage: { bytesAfter1k: storage.bytesAfter1k, bytesAfter10k: storage.bytesAfter10k },
  http: {
    serveOverPrismSequential: http.serveOverPrismSequential,
    serveOverPrismParallel: http.serveOverPrismParallel,
    serveOverBareSequential: http.serveOverBareSequential,
    serveOverBareParallel: http.serveOverBareParallel,
    serveRssMB: http.serveRssMB,
    serveRssGrowthMB: http.serveRssGrowthMB,
    serveStartRssMB: http.serveStartRssMB,
    serveFirstAnswerMs: firstAnswer.serveFirstAnswerMs,
    serveFirstAnswerFloorMs: firstAnswer.serveFirstAnswerFloorMs,
  },
  team: teamRun.figures,
  embeds: embedFigures(embeds),
}

const document = {
  ...results,
  verdicts: Object.fromEntries(FIGURES.map((figure) => [figure.figure, verdict(results, figure)])),
  missing: { ...playground.missing, ...typing.missing },
  details: {
    browser: {
      ...worker,
      coldApiReadySamples: playground.coldApiReady.samples,
      coldFirstPaintSamples: playground.coldApiReady.firstContentfulPaint?.samples ?? [],
      coldApiReadyRuntimeOnlySamples: playground.coldApiReadyRuntimeOnly.samples,
      coldApiReadyReactFloorSamples: playground.coldApiReadyReactFloor.samples,
      coldEditorMarkersSamples: playground.coldEditorMarkers.samples,
      coldMonacoFloorMarkersSamples: playground.coldMonacoFloorMarkers.samples,
      ...typingDetails(typing),
    },
    node: mswNode,
    isolation,
    validator,
    bundle: { ...playground.bundle, monacoFloorFiles: playground.monacoFloor?.files ?? null },
    storage,
    http: { ...http, firstAnswer },
    team,
    embeds,
  },
  run: {
    mode: ci ? 'ci' : 'full',
    at: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    // 1/5/15-minute load averages: on a busy machine (a test run beside the
    // benchmark) the ratios drift; read them with these in mind.
    priority,
    source: measuredSource(),
    loadAverageAtStart: loadAtStart.map((value) => Math.round(value * 10) / 10),
    loadAverageAtEnd: loadavg().map((value) => Math.round(value * 10) / 10),
  },
}

/** The commit measured, and the files that differed from it (the working tree is what runs). */
function measuredSource(): { commit: string; uncommitted: string[] } {
  const git = (args: string[]) => spawnSync('git', args, { cwd: repository, encoding: 'utf8' }).stdout ?? ''
  const uncommitted = git(['status', '--porcelain', '--untracked-files=no'])
    .split('\n')
    .map((line) => line.slice(3).trim())
    .filter((path) => path && !path.startsWith('bench/'))
  return { commit: git(['rev-parse', 'HEAD']).trim(), uncommitted }
}

const comparisons = compareWithPrevious(previousResults(), results, { shortRun: ci })
const resultsDir = new URL('results/', import.meta.url)
mkdirSync(resultsDir, { recursive: true })
const file = new URL(ci ? 'ci.json' : 'latest.json', resultsDir)
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`)
// In the project's JSON style, so `npm run lint` passes over the results too.
spawnSync(fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)), ['format', '--write', fileURLToPath(file)], {
  cwd: repository,
  stdio: 'ignore',
})

// A short run (--ci) leaves the quiet Prism out: its ratios arrive as null, which reads as a figure.
const quietPrism = Number.isFinite(http.serveOverQuietPrismSequential)
  ? `${http.serveOverQuietPrismSequential}× sequential, ${http.serveOverQuietPrismParallel}× parallel`
  : 'not measured in a short run (npm run bench measures it)'
const diagnostics = [
  `browser: bare GET p50 ${worker.bareP50Ms} ms, GET /status ${worker.statusP50Ms} ms, POST /tools/validate ${worker.validateP50Ms} ms, bare POST of the same body ${worker.barePostP50Ms} ms`,
  `browser: the sandbox's status response replayed with no work: ${worker.statusMimicP50Ratio}× bare; validate over the bare GET: ${worker.validateOverBareGetP50Ratio}×, of which the bare POST alone: ${worker.barePostOverBareGetP50Ratio}×`,
  `browser: in the page without the worker: handle(GET /status) ${worker.breakdown.handleStatus} ms, handle(POST /tools/validate) ${worker.breakdown.handleValidate} ms, one-get read-write transaction ${worker.breakdown.oneGetTransaction} ms`,
  `browser: throughput bare ${worker.bareRps} req/s, sandbox ${worker.statusRps} req/s at ${worker.parallel} parallel`,
  `node: bare ${mswNode.bareRps} req/s, sandbox (memory store, the default) ${mswNode.sandboxRps} req/s; the sandbox's response replayed with no work: ${mswNode.mimicRatio}× bare`,
  `node: over fake-indexeddb, sandbox ${mswNode.indexedDb.sandboxRps} req/s against bare ${mswNode.indexedDb.bareRps} req/s; without msw, mean handle(GET /status) ${mswNode.indexedDb.breakdown.handleStatus} ms, of which the key's SHA-256 (@noble/hashes) ~${mswNode.indexedDb.breakdown.sha256} ms; fake-indexeddb transaction of five awaited requests ${mswNode.indexedDb.breakdown.fiveSequentialOps} ms`,
  `http: req/s sequential ${JSON.stringify(http.requestsPerSecond.sequential)}, 32 parallel ${JSON.stringify(http.requestsPerSecond.parallel32)}; the core alone in process ${http.coreInProcessRps} req/s; serve ÷ prism at --verboseLevel error: ${quietPrism}`,
  `team: req/s sequential ${JSON.stringify(team.requestsPerSecond.sequential)}, 32 parallel ${JSON.stringify(team.requestsPerSecond.parallel32)} (workspace on local workerd, serve in the same run)`,
  `bundle: static entry (evaluated before the app runs; the frame paints without it) ${playground.bundle?.entryStaticGzipKB ?? 'null'} KB gzip`,
]
process.stdout.write(`\n${table(results, comparisons)}\n\n${diagnostics.join('\n')}\n\nWrote ${fileURLToPath(file)}\n`)
const regressed = comparisons.filter((comparison) => comparison.regressed)
if (regressed.length > 0) {
  const against = ci ? 'the last full run (a short CI run is noisier: read it as a hint)' : 'the previous full run'
  process.stdout.write(
    `\n⚠ ${regressed.length} figure(s) more than 15 % worse than ${against}: ${regressed.map((comparison) => `${comparison.figure} ${formatChange(comparison)}`).join('; ')}\n`,
  )
}
for (const [figure, reason] of Object.entries(document.missing)) process.stdout.write(`missing ${figure}: ${reason}\n`)
const refused = refusalFailure({
  'browser.worker': worker.nonOkResponses,
  'node.msw': mswNode.nonOkResponses,
  'node.msw.indexedDb': mswNode.indexedDb.nonOkResponses,
  'node.storage': storage.nonOkResponses,
  'node.isolation': isolation.nonOkResponses,
  ...Object.fromEntries(Object.entries(http.nonOk).map(([peer, count]) => [`http.${peer}`, count])),
  'http.firstAnswer': firstAnswer.nonOk,
  ...teamRun.nonOk,
})
if (refused) {
  process.stderr.write(`${refused}\n`)
  process.exitCode = 1
}

if (ci) {
  const absent = FIGURES.filter((figure) => verdict(results, figure) === 'missing').map((figure) => figure.figure)
  if (absent.length > 0) {
    process.stderr.write(`Failed to produce every figure: ${absent.join(', ')} missing or not finite\n`)
    process.exitCode = 1
  }
}
