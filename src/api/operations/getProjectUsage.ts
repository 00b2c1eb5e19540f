import { OPERATION_IDS, type OperationId } from '../contract/operations.ts'
import { USAGE_WINDOW_DAYS, usageWindow } from '../pipeline/usageDays.ts'
import type { Operation } from './types.ts'

interface Counts {
  requests: number
  errors: number
}

function emptyCounts(): Record<OperationId, Counts> {
  return Object.fromEntries(OPERATION_IDS.map((id) => [id, { requests: 0, errors: 0 }])) as Record<OperationId, Counts>
}

/**
 * GET /usage: one entry per UTC day of the last 30 (today included, this
 * request included), every operation listed on every day, zeros kept, so a
 * client can chart it without filling gaps.
 */
export const getProjectUsage: Operation = {
  async run({ tx, key, now }) {
    const days = usageWindow(now)
    const byDay = new Map(days.map((day) => [day, emptyCounts()]))
    const buckets = await tx.objectStore('usage').index('byProject').getAll(key.projectId)
    const totals: Counts = { requests: 0, errors: 0 }
    const operations = emptyCounts()
    for (const bucket of buckets) {
      const counts = byDay.get(bucket.day)
      if (!counts) continue
      counts[bucket.operationId] = { requests: bucket.requests, errors: bucket.errors }
      operations[bucket.operationId].requests += bucket.requests
      operations[bucket.operationId].errors += bucket.errors
      totals.requests += bucket.requests
      totals.errors += bucket.errors
    }
    return {
      body: {
        projectId: key.projectId,
        window: { days: USAGE_WINDOW_DAYS, from: days[0], to: days[days.length - 1], timeZone: 'UTC' },
        totals,
        operations,
        days: days.map((day) => {
          const counts = byDay.get(day) ?? emptyCounts()
          let requests = 0
          let errors = 0
          for (const id of OPERATION_IDS) {
            requests += counts[id].requests
            errors += counts[id].errors
          }
          return { date: day, requests, errors, operations: counts }
        }),
      },
    }
  },
}
