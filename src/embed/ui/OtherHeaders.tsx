import { RATE_LIMIT_HEADERS } from './format.ts'

const CALLED_OUT: readonly string[] = RATE_LIMIT_HEADERS

/** Every other response header, folded away to keep the embed compact. */
export function OtherHeaders({ headers }: { headers: Record<string, string> }) {
  const rest = Object.entries(headers).filter(([name]) => !CALLED_OUT.includes(name))
  if (rest.length === 0) return null
  return (
    <details className="other-headers">
      <summary>Other headers ({rest.length})</summary>
      <dl className="headers">
        {rest.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
