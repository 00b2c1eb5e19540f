import { formatDateTime } from '../ui/format.ts'

/** The rate-limit headers of an answer, said in words: limit, what is left, and when the window frees. */
export function RateLimitCallout({ headers }: { headers: Record<string, string> }) {
  const limit = headers['x-ratelimit-limit']
  const remaining = headers['x-ratelimit-remaining']
  const reset = headers['x-ratelimit-reset']
  const retryAfter = headers['retry-after']
  if (limit === undefined && remaining === undefined && reset === undefined) return null
  const resetAt = reset !== undefined && /^\d+$/.test(reset) ? Number(reset) * 1000 : undefined
  return (
    <section className={`rate-limit${retryAfter ? ' rate-limit-hit' : ''}`} aria-label="Rate limit" data-testid="rate-limit">
      <dl>
        <div>
          <dt>
            <code>X-RateLimit-Limit</code>
          </dt>
          <dd>{limit} per minute</dd>
        </div>
        <div>
          <dt>
            <code>X-RateLimit-Remaining</code>
          </dt>
          <dd>{remaining}</dd>
        </div>
        <div>
          <dt>
            <code>X-RateLimit-Reset</code>
          </dt>
          <dd>
            {reset}
            {resetAt !== undefined ? <span className="muted small"> ({formatDateTime(resetAt)}, sandbox clock)</span> : null}
          </dd>
        </div>
        {retryAfter ? (
          <div>
            <dt>
              <code>Retry-After</code>
            </dt>
            <dd>{retryAfter} s</dd>
          </div>
        ) : null}
      </dl>
    </section>
  )
}
