import { date, int, obj, str } from '../contract/schemaParts.ts'
import { USAGE_WINDOW_DAYS, usageWindow } from '../domain/usageDays.ts'
import { defineOperation } from './defineOperation.ts'

const counts = obj({ requests: int, errors: int })
const perOperation = {
  type: 'object',
  description: 'One entry per operation id, every operation listed, zeros kept.',
  additionalProperties: counts,
} as const

interface Counts {
  requests: number
  errors: number
}

function emptyCounts(ids: readonly string[]): Record<string, Counts> {
  return Object.fromEntries(ids.map((id) => [id, { requests: 0, errors: 0 }]))
}

/**
 * GET /usage: one entry per UTC day of the last 30 (today included, this
 * request included), every operation listed on every day, zeros kept, so a
 * client can chart it without filling gaps.
 */
export const getProjectUsage = defineOperation({
  operationId: 'getProjectUsage',
  method: 'GET',
  path: '/usage',
  scope: 'usage.read',
  tag: 'project',
  body: 'none',
  title: 'Get the project usage',
  summary: 'Daily requests and errors per operation over the last 30 days, this project only.',
  response: obj({
    projectId: str,
    window: obj({ days: { const: USAGE_WINDOW_DAYS }, from: date, to: date, timeZone: { const: 'UTC' } }),
    totals: counts,
    operations: perOperation,
    days: {
      type: 'array',
      minItems: USAGE_WINDOW_DAYS,
      maxItems: USAGE_WINDOW_DAYS,
      items: obj({ date, requests: int, errors: int, operations: perOperation }),
    },
  }),
  async run({ tx, key, now, operationIds }) {
    const days = usageWindow(now)
    const byDay = new Map(days.map((day) => [day, emptyCounts(operationIds)]))
    const buckets = await tx.objectStore('usage').index('byProject').getAll(key.projectId)
    const totals: Counts = { requests: 0, errors: 0 }
    const operations = emptyCounts(operationIds)
    for (const bucket of buckets) {
      const counts = byDay.get(bucket.day)
      const sum = operations[bucket.operationId]
      // Buckets of operations that no longer exist stay out of the report.
      if (!counts || !sum) continue
      counts[bucket.operationId] = { requests: bucket.requests, errors: bucket.errors }
      sum.requests += bucket.requests
      sum.errors += bucket.errors
      totals.requests += bucket.requests
      totals.errors += bucket.errors
    }
    return {
      projectId: key.projectId,
      window: { days: USAGE_WINDOW_DAYS, from: days[0] ?? '', to: days.at(-1) ?? '', timeZone: 'UTC' as const },
      totals,
      operations,
      days: days.map((day) => {
        const perOperation = byDay.get(day) ?? emptyCounts(operationIds)
        let requests = 0
        let errors = 0
        for (const id of operationIds) {
          requests += perOperation[id]?.requests ?? 0
          errors += perOperation[id]?.errors ?? 0
        }
        return { date: day, requests, errors, operations: perOperation }
      }),
    }
  },
})
