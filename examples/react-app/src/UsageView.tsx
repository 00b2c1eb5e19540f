import type { SandboxClient } from 'developer-sandbox/client'
import { ProblemMessage } from './ProblemMessage'
import { useApiResult } from './useApiResult'

/** The project's usage over the API's 30-day window: totals, and each day that saw requests. */
export function UsageView({ client }: { client: SandboxClient }) {
  const result = useApiResult(() => client.getProjectUsage())
  if (result === undefined) return <p role="status">Loading usage…</p>
  if (!result.ok) return <ProblemMessage what="usage" result={result} />
  const { totals, window, days, operations } = result.body
  const active = days.filter((day) => day.requests > 0).reverse()
  const used = Object.entries(operations).filter(([, counts]) => counts.requests > 0)
  return (
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage</h2>
      <p>
        <strong>{totals.requests} requests</strong>, {totals.errors} errors from {window.from} to {window.to} (UTC)
      </p>
      <table>
        <caption>Days with requests, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Requests</th>
            <th scope="col">Errors</th>
          </tr>
        </thead>
        <tbody>
          {active.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.requests}</td>
              <td>{day.errors}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>Requests by operation</caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">Requests</th>
            <th scope="col">Errors</th>
          </tr>
        </thead>
        <tbody>
          {used.map(([operationId, counts]) => (
            <tr key={operationId}>
              <th scope="row">{operationId}</th>
              <td>{counts.requests}</td>
              <td>{counts.errors}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
