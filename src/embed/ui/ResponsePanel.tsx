import type { RunState } from '../run/embedController.ts'
import { formatMs, prettyBody, rateWindowOwner, statusLine, statusTone } from './format.ts'
import { OtherHeaders } from './OtherHeaders.tsx'
import { ProblemSummary } from './ProblemSummary.tsx'
import { RateLimitHeaders } from './RateLimitHeaders.tsx'

interface ResponsePanelProps {
  run: RunState
  expectedStatus: number
}

function announce(run: RunState): string {
  if (run.status === 'running') return 'Running…'
  if (run.status === 'failed') return run.message
  if (run.status === 'done') return `Response ${statusLine(run.outcome.result.status)} in ${formatMs(run.outcome.result.durationMs)}`
  return ''
}

function warmUpSummary(counts: Record<number, number>): string {
  return Object.entries(counts)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')
}

/** The answer: status and time first, then the rate-limit headers, the problem in brief, other headers and the body. */
export function ResponsePanel({ run, expectedStatus }: ResponsePanelProps) {
  return (
    <section className="panel response" aria-busy={run.status === 'running'}>
      <h2>Response</h2>
      {run.status === 'idle' ? <p className="placeholder">Press Run to send the request to this page's sandbox.</p> : null}
      {run.status === 'running' ? (
        <p className="placeholder">{run.warmUp ? `Warm-up: ${run.warmUp.sent} of ${run.warmUp.total} requests answered…` : 'Sending…'}</p>
      ) : null}
      {run.status === 'failed' ? <p className="error-text">{run.message}</p> : null}
      {run.status === 'done' ? <Answer outcome={run.outcome} expectedStatus={expectedStatus} /> : null}
      <p role="status" className="visually-hidden">
        {announce(run)}
      </p>
    </section>
  )
}

function Answer({ outcome, expectedStatus }: { outcome: Extract<RunState, { status: 'done' }>['outcome']; expectedStatus: number }) {
  const { result } = outcome
  const problem = (result.headers['content-type'] ?? '').startsWith('application/problem+json')
  return (
    <>
      <p className="status-line">
        <span className={`status tone-${statusTone(result.status)}`} data-status={result.status}>
          {statusLine(result.status)}
        </span>
        <span className="time">{formatMs(result.durationMs)}</span>
        <span className="expected">{result.status === expectedStatus ? 'as documented' : `the example expects ${expectedStatus}`}</span>
      </p>
      {outcome.warmUp ? <p className="warm-up">Warm-up before this request: {warmUpSummary(outcome.warmUp)}</p> : null}
      {result.networkError ? <p className="error-text">Failed to reach the sandbox: {result.networkError}</p> : null}
      <RateLimitHeaders headers={result.headers} answeredAt={outcome.answeredAt} owner={rateWindowOwner(outcome.keySent, result.status)} />
      {problem ? <ProblemSummary body={result.body} /> : null}
      <OtherHeaders headers={result.headers} />
      {result.text ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the body scrolls, and a keyboard user can only scroll what can take focus
        <pre className="response-body" tabIndex={0}>
          {prettyBody(result.text)}
        </pre>
      ) : null}
    </>
  )
}
