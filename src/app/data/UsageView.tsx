import { useState } from 'react'
import type { OperationId } from '../../api/index.ts'
import { formatCount, formatDay } from '../ui/format.ts'
import { operationById } from '../ui/operations.ts'
import { ResourceFrame } from './ResourceFrame.tsx'
import { UsageChart } from './UsageChart.tsx'
import { UsageTotals } from './UsageTotals.tsx'
import { readUsage, seriesFor } from './usageSeries.ts'
import { useApiResource } from './useApiResource.ts'

/** GET /usage: the 30-day window of this project, charted per operation. */
export function UsageView() {
  const resource = useApiResource('getProjectUsage')
  const [operation, setOperation] = useState<OperationId | 'all'>('all')
  return (
    <ResourceFrame title="Usage, last 30 days" call="GET /usage" resource={resource}>
      {(body) => {
        const report = readUsage(body)
        const points = seriesFor(report, operation)
        const chosen = operation === 'all' ? undefined : operationById(operation)
        const label = chosen ? `${chosen.method} ${chosen.path}` : 'All operations'
        return (
          <>
            <p>
              {formatDay(report.from)} to {formatDay(report.to)} (UTC) ·{' '}
              <strong data-testid="usage-total">{formatCount(report.totals.requests, 'request')}</strong>,{' '}
              {formatCount(report.totals.errors, 'error')}. This request is included.
            </p>
            <UsageChart points={points} label={label} />
            <UsageTotals report={report} selected={operation} onSelect={setOperation} />
            <details>
              <summary>Daily numbers for {label} as a table</summary>
              <div className="table-scroll">
                <table className="compact-table">
                  <thead>
                    <tr>
                      <th scope="col">Day (UTC)</th>
                      <th scope="col">Requests</th>
                      <th scope="col">Errors</th>
                    </tr>
                  </thead>
                  <tbody>
                    {points.map((point) => (
                      <tr key={point.date}>
                        <th scope="row">{point.date}</th>
                        <td>{point.requests}</td>
                        <td>{point.errors}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )
      }}
    </ResourceFrame>
  )
}
