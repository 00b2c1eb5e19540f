import { explainRateLimitHeader, RATE_LIMIT_HEADERS } from './format.ts'

/** The rate-limit headers, called out with what each one means, since every response carries them. */
export function RateLimitHeaders({ headers, answeredAt }: { headers: Record<string, string>; answeredAt: number }) {
  const present = RATE_LIMIT_HEADERS.filter((name) => headers[name] !== undefined)
  if (present.length === 0) return null
  return (
    <dl className="headers rate-limit" aria-label="Rate-limit headers">
      {present.map((name) => (
        <div key={name} className={name === 'retry-after' || headers[name] === '0' ? 'hot' : undefined}>
          <dt>{name}</dt>
          <dd>
            <span className="value">{headers[name]}</span>{' '}
            <span className="why">{explainRateLimitHeader(name, headers[name] ?? '', answeredAt)}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}
