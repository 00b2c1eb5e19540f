import { describe, expect, it } from 'vitest'
import { compareWithPrevious, formatChange } from '../../bench/lib/regression.ts'
import type { Results } from '../../bench/lib/targets.ts'

function results(overrides: Partial<Record<string, number | null>> = {}): Results {
  const base: Results = {
    browser: { statusP50Ratio: 1.2, validateP50Ratio: 1.3, parallelThroughputRatio: 0.7, coldApiReadyMs: 250, coldEditorMarkersMs: 1000 },
    node: {
      mswSequentialRatio: 0.7,
      mswSequentialRatioIndexedDb: 0.7,
      freshSandboxPerTestMs: 1.5,
      resetPerTestMs: 1.3,
      fixturePerTestMs: 1.4,
    },
    validator: { validRatio: 1, invalidRatio: 8 },
    bundle: { entryGzipKB: 170, editorGzipKB: 1000 },
    storage: { bytesAfter1k: 8500, bytesAfter10k: 8500 },
    http: {
      serveOverPrismSequential: 3,
      serveOverPrismParallel: 12,
      serveOverBareSequential: 0.7,
      serveOverBareParallel: 0.7,
      serveRssMB: 300,
      serveRssGrowthMB: 0.5,
    },
    team: { workspaceRpsSequential: 1500, workspaceRpsParallel: 2500, workspaceOverServeSequential: 0.3, workspaceOverServeParallel: 0.1 },
    embeds: { ready1Ms: 280, ready16Ms: 500, ready16OverReady1: 1.8 },
  }
  for (const [figure, value] of Object.entries(overrides)) {
    const [section, name] = figure.split('.') as [keyof Results, string]
    base[section][name] = value ?? null
  }
  return base
}

const row = (rows: ReturnType<typeof compareWithPrevious>, figure: string) => rows.find((candidate) => candidate.figure === figure)

describe('the bench regression guard', () => {
  it('flags a time that grew by more than 15 %', () => {
    const rows = compareWithPrevious(results(), results({ 'browser.coldApiReadyMs': 300 }))
    expect(row(rows, 'browser.coldApiReadyMs')).toMatchObject({ previous: 250, current: 300, regressed: true })
    expect(row(rows, 'browser.coldApiReadyMs')?.worseBy).toBeCloseTo(0.2)
  })

  it('flags a throughput ratio that fell by more than 15 %, and not one that rose', () => {
    const fell = compareWithPrevious(results(), results({ 'http.serveOverBareParallel': 0.5 }))
    expect(row(fell, 'http.serveOverBareParallel')?.regressed).toBe(true)
    const rose = compareWithPrevious(results(), results({ 'http.serveOverBareParallel': 1.4 }))
    expect(row(rose, 'http.serveOverBareParallel')).toMatchObject({ regressed: false })
    expect(formatChange(row(rose, 'http.serveOverBareParallel') as NonNullable<ReturnType<typeof row>>)).toBe('100.0 % better')
  })

  it('leaves a change within 15 % unflagged, and says how far it moved', () => {
    const rows = compareWithPrevious(results(), results({ 'bundle.editorGzipKB': 1100 }))
    const editor = row(rows, 'bundle.editorGzipKB')
    expect(editor?.regressed).toBe(false)
    expect(formatChange(editor as NonNullable<typeof editor>)).toBe('10.0 % worse')
  })

  it('reads a figure without a target the way FIGURES says is better', () => {
    const rows = compareWithPrevious(results(), results({ 'node.mswSequentialRatioIndexedDb': 0.5, 'node.resetPerTestMs': 2 }))
    expect(row(rows, 'node.mswSequentialRatioIndexedDb')?.regressed).toBe(true)
    expect(row(rows, 'node.resetPerTestMs')?.regressed).toBe(true)
  })

  it('holds a figure that a short run reads differently only against full runs', () => {
    const fell = results({ 'node.mswSequentialRatioIndexedDb': 0.5 })
    expect(row(compareWithPrevious(results(), fell, { shortRun: true }), 'node.mswSequentialRatioIndexedDb')).toMatchObject({
      worseBy: null,
      regressed: false,
    })
    expect(row(compareWithPrevious(results(), fell), 'node.mswSequentialRatioIndexedDb')?.regressed).toBe(true)
    const slower = results({ 'browser.coldApiReadyMs': 300 })
    expect(row(compareWithPrevious(results(), slower, { shortRun: true }), 'browser.coldApiReadyMs')?.regressed).toBe(true)
  })

  it('compares nothing without a previous run, a missing figure, or a growth near zero', () => {
    expect(compareWithPrevious(null, results()).every((comparison) => comparison.worseBy === null && !comparison.regressed)).toBe(true)
    const rows = compareWithPrevious(results({ 'browser.statusP50Ratio': null }), results({ 'http.serveRssGrowthMB': 20 }))
    expect(row(rows, 'browser.statusP50Ratio')).toMatchObject({ previous: null, regressed: false })
    expect(row(rows, 'http.serveRssGrowthMB')).toMatchObject({ worseBy: null, regressed: false })
  })
})
