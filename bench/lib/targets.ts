/** The targets: goals to print pass/miss against, never assertions. */

export interface Target {
  /** Path into the results file, e.g. `browser.statusP50Ratio`. */
  figure: string
  unit: string
  /** Pass when the value compares so with the limit. */
  compare: '<=' | '>='
  limit: number | ((results: Results) => number)
  describe: string
}

export type Section = Record<string, number | null>

export interface Results {
  browser: Section
  node: Section
  validator: Section
  bundle: Section
  storage: Section
  http: Section
  team: Section
  embeds: Section
}

type Limit = Omit<Target, 'figure' | 'unit'>

/** At most another figure of the same run (a floor measured beside it) plus `margin`. */
function floorPlus(floor: string, margin: number, describe: string): Limit {
  return { compare: '<=', limit: (results) => (figureValue(results, floor) ?? Number.NaN) + margin, describe }
}

/** `compare` `factor` times another figure of the same run. */
function timesFigure(compare: Target['compare'], factor: number, figure: string, describe: string): Limit {
  return { compare, limit: (results) => factor * (figureValue(results, figure) ?? Number.NaN), describe }
}

/**
 * Every figure the bench reports. `better` says which way is good for a figure
 * without a target (lower unless said), for the regression guard.
 */
export const FIGURES: ReadonlyArray<{
  figure: string
  unit: string
  target?: Limit
  better?: 'lower' | 'higher'
  /** false where a percentage means nothing (a growth that sits near zero): its target guards it. */
  guard?: false
  /** Why a short run (`--ci`) reads the figure differently from a full one: the guard then compares it only between full runs. */
  fullRunsOnly?: string
}> = [
  { figure: 'browser.statusP50Ratio', unit: '×', target: { compare: '<=', limit: 1.25, describe: '≤ 1.25' } },
  { figure: 'browser.validateP50Ratio', unit: '×', target: { compare: '<=', limit: 1.35, describe: '≤ 1.35' } },
  { figure: 'browser.parallelThroughputRatio', unit: '×', target: { compare: '>=', limit: 0.65, describe: '≥ 0.65' } },
  // Against the floor measured alternately in the same run, not an absolute time the machine's own floor moves across:
  // one React component starting the same runtime, what any React app answering through the sandbox carries.
  {
    figure: 'browser.coldApiReadyMs',
    unit: 'ms',
    target: floorPlus('browser.coldApiReadyReactFloorMs', 25, '≤ React floor + 25'),
  },
  // The same navigations' first contentful paint: when the page first shows text.
  { figure: 'browser.coldFirstPaintMs', unit: 'ms' },
  // The floor under it: the same runtime and mark with no app, measured alternately in the same run.
  { figure: 'browser.coldApiReadyRuntimeOnlyMs', unit: 'ms' },
  // One React 19 component (createRoot) starting the same runtime and answering one fetch (bench/browser/reactFloor/).
  { figure: 'browser.coldApiReadyReactFloorMs', unit: 'ms' },
  {
    figure: 'browser.coldEditorMarkersMs',
    unit: 'ms',
    target: floorPlus('browser.coldMonacoFloorMarkersMs', 150, '≤ Monaco floor + 150'),
  },
  // A bare page mounting @monaco-editor/react with Monaco's JSON language, cold, until its first marker shows.
  { figure: 'browser.coldMonacoFloorMarkersMs', unit: 'ms' },
  // Typing a manifest at 10 keys a second, keydown to the first task after the frame that paints it (bench/browser/typing.ts),
  // against the bare Monaco page typed the same way, alternated. A short run types an eighth of the text once: a shorter
  // document, and a p95 of six samples' worth of tail.
  {
    figure: 'browser.typingLatencyP95Ms',
    unit: 'ms',
    target: floorPlus('browser.typingLatencyMonacoFloorP95Ms', 4, '≤ Monaco floor + 4'),
    fullRunsOnly: 'a short run types 118 keys once, a full one about 1,000 three times',
  },
  {
    figure: 'browser.typingLatencyMonacoFloorP95Ms',
    unit: 'ms',
    fullRunsOnly: 'a short run types 118 keys once, a full one about 1,000 three times',
  },
  // Tasks over 50 ms while typing, every round together: a count near zero, which its target guards.
  {
    figure: 'browser.typingLongTasks',
    unit: 'tasks',
    target: floorPlus('browser.typingLongTasksMonacoFloor', 0, '≤ Monaco floor'),
    guard: false,
  },
  { figure: 'browser.typingLongTasksMonacoFloor', unit: 'tasks', guard: false },
  { figure: 'node.mswSequentialRatio', unit: '×', target: { compare: '>=', limit: 0.6, describe: '≥ 0.6' } },
  {
    figure: 'node.mswSequentialRatioIndexedDb',
    unit: '×',
    better: 'higher',
    fullRunsOnly:
      'over fake-indexeddb the bare blocks slow down as the run grows (bare 1,850 req/s in a short run, 1,055 in a full one; the mimic then reads 1.3× bare), so the same commit reads 0.55–0.59 short and 0.78–0.94 full',
  },
  { figure: 'node.freshSandboxPerTestMs', unit: 'ms' },
  { figure: 'node.resetPerTestMs', unit: 'ms' },
  { figure: 'node.fixturePerTestMs', unit: 'ms' },
  { figure: 'validator.validRatio', unit: '×', target: { compare: '<=', limit: 1.3, describe: '≤ 1.3' } },
  { figure: 'validator.invalidRatio', unit: '×' },
  { figure: 'bundle.entryGzipKB', unit: 'KB', target: { compare: '<=', limit: 230, describe: '≤ 230' } },
  {
    figure: 'bundle.editorGzipKB',
    unit: 'KB',
    target: timesFigure('<=', 1.05, 'bundle.monacoFloorGzipKB', '≤ 1.05 × Monaco floor'),
  },
  // Every script that bare Monaco page loads, workers included.
  { figure: 'bundle.monacoFloorGzipKB', unit: 'KB' },
  { figure: 'storage.bytesAfter1k', unit: 'B' },
  { figure: 'http.serveOverPrismSequential', unit: '×', target: { compare: '>=', limit: 2, describe: '≥ 2.0' } },
  { figure: 'http.serveOverPrismParallel', unit: '×', target: { compare: '>=', limit: 2, describe: '≥ 2.0' } },
  // 0.6 and 300 MB: the former 0.75 and 150 pulled against each other (decision 031), and no user feels either.
  { figure: 'http.serveOverBareSequential', unit: '×', target: { compare: '>=', limit: 0.6, describe: '≥ 0.6' } },
  { figure: 'http.serveOverBareParallel', unit: '×', target: { compare: '>=', limit: 0.6, describe: '≥ 0.6' } },
  { figure: 'http.serveRssMB', unit: 'MB', target: { compare: '<=', limit: 300, describe: '≤ 300' } },
  { figure: 'http.serveStartRssMB', unit: 'MB' },
  // Spawning serve on an empty state to its first 200 on GET /status, against a bare node:http script spawned the same way, alternated.
  {
    figure: 'http.serveFirstAnswerMs',
    unit: 'ms',
    target: floorPlus('http.serveFirstAnswerFloorMs', 50, '≤ floor + 50'),
  },
  { figure: 'http.serveFirstAnswerFloorMs', unit: 'ms' },
  { figure: 'team.workspaceRpsSequential', unit: 'req/s', better: 'higher' },
  // Judged against the bare object (team.workspaceOverBare), not as an absolute the machine's own floor moves across.
  { figure: 'team.workspaceRpsParallel', unit: 'req/s', better: 'higher' },
  { figure: 'team.workspaceOverServeSequential', unit: '×', better: 'higher' },
  { figure: 'team.workspaceOverServeParallel', unit: '×', better: 'higher' },
  // First answer from an evicted workspace object (workerd restarted on its storage), by the keys it holds, each with a full window.
  { figure: 'team.wakeMs10', unit: 'ms', target: { compare: '<=', limit: 50, describe: '≤ 50' } },
  { figure: 'team.wakeMs1000', unit: 'ms', target: { compare: '<=', limit: 50, describe: '≤ 50' } },
  { figure: 'team.wakeMs24000', unit: 'ms', target: { compare: '<=', limit: 50, describe: '≤ 50' } },
  // The isolate's JavaScript heap growth (after a full collection) for the 24,000-key workspace, woken and asked once on every key.
  { figure: 'team.workspaceHeapMB', unit: 'MB', target: { compare: '<=', limit: 32, describe: '≤ 32' } },
  // One workspace ÷ a bare Worker and Durable Object answering a fixed body (bench/http/bareWorkspace.ts), alternated in the same run.
  { figure: 'team.workspaceOverBare', unit: '×', target: { compare: '>=', limit: 0.6, describe: '≥ 0.6' } },
  // Eight workspaces in parallel ÷ one workspace, 32 connections each time, in the same run: held against what the
  // bare objects gain the same way, since local workerd runs every object of a Worker on one thread.
  {
    figure: 'team.aggregateRps8',
    unit: '×',
    target: timesFigure('>=', 0.8, 'team.bareAggregateRps8', '≥ 0.8 × bareAggregateRps8'),
  },
  // The same ratio for the bare objects: what local workerd, one thread for every object of a Worker, allows at all.
  { figure: 'team.bareAggregateRps8', unit: '×', better: 'higher' },
  // 1,000 workspaces created, keyed, used, listed and deleted (bench/http/teamScale.ts): reported, not judged.
  { figure: 'team.scale1000Ms', unit: 'ms' },
  // Docs embeds on a page of another site (bench/browser/embeds.ts): 1 against 16, all in view, alternated, fresh contexts.
  { figure: 'embeds.ready1Ms', unit: 'ms' },
  { figure: 'embeds.ready16Ms', unit: 'ms' },
  { figure: 'embeds.ready16OverReady1', unit: '×', target: { compare: '<=', limit: 2, describe: '≤ 2.0' } },
  // The floor under it, alternated in the same rounds: the same page and loader framing bare pages of the sandbox site.
  { figure: 'embeds.frameFloorReady16OverReady1', unit: '×' },
  // JavaScript heap after a full collection: the page, each isolate of its frames once, and the embed worker.
  { figure: 'embeds.heap16OverHeap1', unit: '×', target: { compare: '<=', limit: 2, describe: '≤ 2.0' } },
  // The same floor's heap: what sixteen frames of the sandbox site hold against one with nothing in them.
  { figure: 'embeds.frameFloorHeap16OverHeap1', unit: '×' },
  // Everything a docs page with 16 examples, none in view, fetched from the sandbox site, gzipped.
  { figure: 'embeds.hostBytesBeforeView', unit: 'B', target: { compare: '<=', limit: 8192, describe: '≤ 8 KB' } },
  { figure: 'embeds.layoutShift16', unit: '', target: { compare: '<=', limit: 0.01, describe: '≤ 0.01' }, guard: false },
  { figure: 'http.serveRssGrowthMB', unit: 'MB', target: { compare: '<=', limit: 25, describe: '≤ 25 (flat)' }, guard: false },
  {
    figure: 'storage.bytesAfter10k',
    unit: 'B',
    target: timesFigure('<=', 1.1, 'storage.bytesAfter1k', '≤ 1.1 × bytesAfter1k'),
  },
]

export function figureValue(results: Results, figure: string): number | null {
  const [section, name] = figure.split('.') as [keyof Results, string]
  // A results file written before a section existed has none.
  return results[section]?.[name] ?? null
}

export type Verdict = 'pass' | 'miss' | 'n/a' | 'missing'

export function verdict(results: Results, figure: (typeof FIGURES)[number]): Verdict {
  const value = figureValue(results, figure.figure)
  if (value === null || !Number.isFinite(value)) return 'missing'
  if (!figure.target) return 'n/a'
  const limit = typeof figure.target.limit === 'function' ? figure.target.limit(results) : figure.target.limit
  const ok = figure.target.compare === '<=' ? value <= limit : value >= limit
  return ok ? 'pass' : 'miss'
}
