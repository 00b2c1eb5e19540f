import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PLAN } from '../../scripts/test/plan.ts'
import { prefixLines } from '../../scripts/test/prefixLines.ts'
import { formatDuration, summary } from '../../scripts/test/summary.ts'

describe('npm test, phase by phase', () => {
  it('runs the suite that times things alone: the browser suite shares its phase with nothing', () => {
    const phase = PLAN.find((candidate) => candidate.steps.some((step) => step.name === 'test:e2e'))
    expect(phase?.steps).toHaveLength(1)
    expect(phase?.beside).toBeUndefined()
  })

  it('runs every check package.json names, each once', () => {
    const steps = PLAN.flatMap((phase) => phase.steps.map((step) => step.name))
    expect(steps).toEqual(['lint', 'typecheck', 'test:unit', 'test:e2e', 'test:example', 'test:docs-site'])
  })

  it('leaves the bench to CI, which runs its short run once npm test passed, with the machine to itself', () => {
    const steps = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => /^npm (test|run bench:ci)$/.test(line))
    expect(steps).toEqual(['npm test', 'npm run bench:ci'])
  })

  it('builds the site before the browser suite that serves it', () => {
    const building = PLAN.findIndex((phase) => phase.beside?.some((step) => step.args.includes('scripts/site-build.mjs')))
    const serving = PLAN.findIndex((phase) => phase.steps.some((step) => step.name === 'test:e2e'))
    expect(building).toBeGreaterThanOrEqual(0)
    expect(building).toBeLessThan(serving)
  })
})

describe('the summary', () => {
  it('gives seconds under a minute and a half, minutes above', () => {
    expect(formatDuration(38_400)).toBe('38 s')
    expect(formatDuration(89_000)).toBe('89 s')
    expect(formatDuration(294_000)).toBe('4.9 min')
  })

  it('names the phase that failed and the time until then', () => {
    const text = summary([
      { name: 'lint', ms: 2_000, passed: true },
      { name: 'browser suite', ms: 120_000, passed: false },
    ])
    expect(text.split('\n')).toEqual([
      'npm test failed in browser suite after 2.0 min',
      '  lint               2 s',
      '  browser suite  2.0 min  FAILED',
    ])
  })

  it('says passed with the whole time when every phase passed', () => {
    expect(summary([{ name: 'lint', ms: 1_000, passed: true }]).split('\n')[0]).toBe('npm test passed in 1 s')
  })
})

describe('output of steps run together', () => {
  it('prefixes each whole line and carries a line cut between chunks to the next', () => {
    const first = prefixLines('docs', '', 'one\ntw')
    expect(first).toEqual({ lines: '[docs] one\n', rest: 'tw' })
    const second = prefixLines('docs', first.rest, 'o\n\nthree')
    expect(second).toEqual({ lines: '[docs] two\n[docs] \n', rest: 'three' })
  })
})
