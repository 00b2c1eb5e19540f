import type { OperationId } from '../../api/index.ts'
import { OPERATION_IDS } from '../ui/operations.ts'
import { field, isRecord, num, records, text } from './guards.ts'

export interface DayPoint {
  date: string
  requests: number
  errors: number
}

export interface UsageReport {
  from: string
  to: string
  totals: { requests: number; errors: number }
  byOperation: { operationId: OperationId; requests: number; errors: number }[]
  days: { date: string; total: DayPoint; operations: Partial<Record<OperationId, DayPoint>> }[]
}

/** Reads the GET /usage body into chartable series; unknown fields are ignored. */
export function readUsage(body: unknown): UsageReport {
  const window = field(body, 'window')
  const operations = field(body, 'operations')
  return {
    from: text(field(window, 'from')),
    to: text(field(window, 'to')),
    totals: { requests: num(field(field(body, 'totals'), 'requests')), errors: num(field(field(body, 'totals'), 'errors')) },
    byOperation: OPERATION_IDS.map((operationId) => ({
      operationId,
      requests: num(field(field(operations, operationId), 'requests')),
      errors: num(field(field(operations, operationId), 'errors')),
    })),
    days: records(field(body, 'days')).map((day) => {
      const date = text(day.date)
      const perOperation: Partial<Record<OperationId, DayPoint>> = {}
      if (isRecord(day.operations)) {
        for (const operationId of OPERATION_IDS) {
          const counts = day.operations[operationId]
          perOperation[operationId] = { date, requests: num(field(counts, 'requests')), errors: num(field(counts, 'errors')) }
        }
      }
      return { date, total: { date, requests: num(day.requests), errors: num(day.errors) }, operations: perOperation }
    }),
  }
}

/** The series to draw: all operations together, or one. */
export function seriesFor(report: UsageReport, operationId: OperationId | 'all'): DayPoint[] {
  return report.days.map((day) =>
    operationId === 'all' ? day.total : (day.operations[operationId] ?? { date: day.date, requests: 0, errors: 0 }),
  )
}

/** A round axis maximum (1, 2, 5 × 10ⁿ) at or above the largest value, so ticks read well. */
export function niceMax(value: number): number {
  if (value <= 4) return 4
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power
  return 10 * power
}
