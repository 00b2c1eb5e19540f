const CALLED_OUT = new Set(['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'x-request-id'])

/** Response headers, with the request id and the rate-limit headers first and marked. */
export function HeadersTable({ headers, caption }: { headers: Record<string, string>; caption: string }) {
  const entries = Object.entries(headers).sort(([a], [b]) => Number(CALLED_OUT.has(b)) - Number(CALLED_OUT.has(a)) || a.localeCompare(b))
  return (
    <table className="headers-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Header</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name} className={CALLED_OUT.has(name) ? 'called-out' : undefined}>
            <th scope="row">
              <code>{name}</code>
            </th>
            <td>
              <code>{value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
