/**
 * The regression guard: each figure beside its value in the previous results
 * file, flagged when it moved the wrong way by more than the tolerance, so a
 * slower cold start or a heavier bundle is seen in the change that causes it.
 * It prints; it never fails a run (figures on a shared machine move).
 */
import { FIGURES, figureValue, type Results } from './targets.ts'

/** More than this fraction worse than the previous value is flagged. */
export const REGRESSION_TOLERANCE = 0.15

export interface Comparison {
  figure: string
  previous: number | null
  current: number | null
  /** Signed fraction of change in the figure's bad direction: +0.2 is 20 % worse. */
  worseBy: number | null
  regressed: boolean
}

/** Which way is better for a figure: its target says so, else `better` in FIGURES. */
function lowerIsBetter(figure: (typeof FIGURES)[number]): boolean {
  if (figure.target) return figure.target.compare === '<='
  return figure.better !== 'higher'
}

/** `shortRun`: the current results come from a short run (`--ci`), held against a full run's. */
export function compareWithPrevious(
  previous: Results | null,
  current: Results,
  { shortRun = false, tolerance = REGRESSION_TOLERANCE }: { shortRun?: boolean; tolerance?: number } = {},
): Comparison[] {
  return FIGURES.map((figure) => {
    const before = previous ? safeValue(previous, figure.figure) : null
    const now = safeValue(current, figure.figure)
    const comparable = !(shortRun && figure.fullRunsOnly)
    if (before === null || now === null || before === 0 || figure.guard === false || !comparable)
      return { figure: figure.figure, previous: before, current: now, worseBy: null, regressed: false }
    const change = (now - before) / Math.abs(before)
    const worseBy = lowerIsBetter(figure) ? change : -change
    return { figure: figure.figure, previous: before, current: now, worseBy, regressed: worseBy > tolerance }
  })
}

function safeValue(results: Results, figure: string): number | null {
  const [section] = figure.split('.') as [keyof Results]
  if (!results[section]) return null
  const value = figureValue(results, figure)
  return value !== null && Number.isFinite(value) ? value : null
}

/** `+12.3 %` worse or `−4.0 %` (better), for the printed table. */
export function formatChange(comparison: Comparison): string {
  if (comparison.worseBy === null) return '—'
  const percent = (comparison.worseBy * 100).toFixed(1)
  const text = comparison.worseBy > 0 ? `${percent} % worse` : `${percent.replace('-', '')} % better`
  return comparison.regressed ? `${text}  ⚠ REGRESSED` : text
}
