import type { OperationId } from '../../api/index.ts'
import type { ResponseBody } from '../../client/sandboxClient.ts'
import { OPERATION_IDS } from '../ui/operations.ts'

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

/** Turns the GET /usage body into chartable series, one per operation and one for all. */
export function readUsage(body: ResponseBody<'getProjectUsage'>): UsageReport {
  const zero = { requests: 0, errors: 0 }
  return {
    from: body.window.from,
    to: body.window.to,
    totals: body.totals,
    byOperation: OPERATION_IDS.map((operationId) => ({ operationId, ...(body.operations[operationId] ?? zero) })),
    days: body.days.map((day) => ({
      date: day.date,
      total: { date: day.date, requests: day.requests, errors: day.errors },
      operations: Object.fromEntries(
        OPERATION_IDS.map((operationId) => [operationId, { date: day.date, ...(day.operations[operationId] ?? zero) }]),
      ),
    })),
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
