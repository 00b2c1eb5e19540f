import type { ApiResult } from 'developer-sandbox/client'

/** What went wrong with a call, in words a user can act on. */
export function ProblemMessage({ what, result }: { what: string; result: ApiResult<unknown> }) {
  // A failed call's body is the API's problem details, typed by the client.
  const problem = result.ok ? undefined : result.body
  let text: string
  if (result.status === 0) text = `Could not reach the API: ${result.networkError ?? 'network error'}.`
  else if (result.status === 429)
    text = `Too many requests: try again in ${result.headers['retry-after'] ?? 'a few'} seconds${resetTime(result.headers)}.`
  else if (result.status === 503) text = 'The API is unavailable right now (503). Try again shortly.'
  else if (result.status === 401) text = `The API key was refused: ${problem?.detail ?? 'unauthorised'}`
  else if (result.status === 403 && problem?.requiredScope)
    text = `This API key may not read ${what}: it lacks the "${problem.requiredScope}" scope.`
  else text = `Failed to load ${what}: ${result.status} ${problem?.title ?? ''}`.trim()
  return <p role="alert">{text}</p>
}

/** When the rate window frees, from `X-RateLimit-Reset` (epoch seconds), as a UTC time; empty without the header. */
function resetTime(headers: Record<string, string>): string {
  const reset = Number(headers['x-ratelimit-reset'])
  return Number.isFinite(reset) && reset > 0 ? ` (at ${new Date(reset * 1000).toISOString().slice(11, 19)} UTC)` : ''
}
