import type { OperationId } from '../../api/index.ts'
import { operationById } from '../ui/operations.ts'
import type { UsageReport } from './usageSeries.ts'

interface UsageTotalsProps {
  report: UsageReport
  selected: OperationId | 'all'
  onSelect(operation: OperationId | 'all'): void
}

const rate = (errors: number, requests: number) => (requests === 0 ? '—' : `${Math.round((errors / requests) * 100)} %`)

/** Totals per operation over the window; each row also picks the series the chart draws. */
export function UsageTotals({ report, selected, onSelect }: UsageTotalsProps) {
  return (
    <div className="table-scroll">
      <table className="compact-table stack-on-phone inline-labels" data-testid="usage-totals">
        <caption>Per operation, whole window</caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">Requests</th>
            <th scope="col">Errors</th>
            <th scope="col">Error rate</th>
            <th scope="col">
              <span className="visually-hidden">Chart</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">All operations</th>
            <td data-label="Requests">{report.totals.requests}</td>
            <td data-label="Errors">{report.totals.errors}</td>
            <td data-label="Error rate">{rate(report.totals.errors, report.totals.requests)}</td>
            <td>
              <button type="button" aria-pressed={selected === 'all'} onClick={() => onSelect('all')} aria-label="Chart all operations">
                Chart
              </button>
            </td>
          </tr>
          {report.byOperation.map((row) => {
            const operation = operationById(row.operationId)
            return (
              <tr key={row.operationId} data-operation={row.operationId}>
                <th scope="row">
                  {operation.method} {operation.path}
                </th>
                <td data-label="Requests">{row.requests}</td>
                <td data-label="Errors">{row.errors}</td>
                <td data-label="Error rate">{rate(row.errors, row.requests)}</td>
                <td>
                  <button
                    type="button"
                    aria-pressed={selected === row.operationId}
                    onClick={() => onSelect(row.operationId)}
                    aria-label={`Chart ${operation.method} ${operation.path}`}
                  >
                    Chart
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
