import { explainRateLimitHeader, RATE_LIMIT_HEADERS, type RateWindowOwner } from './format.ts'

/** The rate-limit headers, called out with what each one means, since every response carries them. */
export function RateLimitHeaders({
  headers,
  answeredAt,
  owner,
}: {
  headers: Record<string, string>
  answeredAt: number
  /** Whose window the headers describe, so a full window without a key is not read as the key's. */
  owner: RateWindowOwner
}) {
  const present = RATE_LIMIT_HEADERS.filter((name) => headers[name] !== undefined)
  if (present.length === 0) return null
  return (
    <dl className="headers rate-limit" aria-label="Rate-limit headers">
      {present.map((name) => (
        <div key={name} className={name === 'retry-after' || headers[name] === '0' ? 'hot' : undefined}>
          <dt>{name}</dt>
          <dd>
            <span className="value">{headers[name]}</span>{' '}
            <span className="why">{explainRateLimitHeader(name, headers[name] ?? '', answeredAt, owner)}</span>
          </dd>
        </div>
      ))}
    </dl>
  )
}
