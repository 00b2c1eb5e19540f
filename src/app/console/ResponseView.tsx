import { useEffect, useRef } from 'react'
import { useProblemActions } from '../state/problemActions.ts'
import { formatMs } from '../ui/format.ts'
import { ProblemNotice } from '../ui/ProblemNotice.tsx'
import { BodyView } from './BodyView.tsx'
import { useConsole } from './consoleStore.ts'
import { HeadersTable } from './HeadersTable.tsx'
import { RateLimitCallout } from './RateLimitCallout.tsx'

/** The latest answer: status, time, headers (rate limit called out) and the formatted body. */
export function ResponseView() {
  const result = useConsole((state) => state.result)
  const progress = useConsole((state) => state.progress)
  const burst = useConsole((state) => state.burst)
  const cancelled = useConsole((state) => state.cancelled)
  const sending = useConsole((state) => state.sending)
  const problemActions = useProblemActions()
  const section = useRef<HTMLElement>(null)
  // On a phone the response sits below the form: bring it into view when a send starts, if it is out of sight.
  useEffect(() => {
    const element = section.current
    if (!sending || !element) return
    const { top } = element.getBoundingClientRect()
    if (top < 0 || top > window.innerHeight - 96) {
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
      element.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' })
    }
  }, [sending])
  return (
    <section className="response" aria-labelledby="response-title" aria-busy={progress ? true : undefined} ref={section}>
      <h3 id="response-title">Response</h3>
      {progress ? (
        <p role="status">
          Sending {progress.done} of {progress.total}…
        </p>
      ) : null}
      {!result ? (
        <p className="empty" data-testid="response-empty">
          {progress ? 'Waiting for the answer…' : 'Send a request to see the answer here.'}
        </p>
      ) : (
        <>
          {burst ? (
            <p className="burst" role="status" data-testid="burst-summary">
              {Object.values(burst).reduce((a, b) => a + b, 0)} requests:{' '}
              {Object.entries(burst)
                .map(([status, count]) => `${count} × ${status}`)
                .join(', ')}
              . The last answer is shown.
            </p>
          ) : null}
          <p className="status-line" data-testid="response-status" role={progress ? undefined : 'status'}>
            <span className={`status-code status-${Math.floor(result.status / 100)}xx`}>
              {result.status === 0 ? 'No answer' : result.status}
            </span>
            <span>
              {result.method} {new URL(result.url).pathname}
              {new URL(result.url).search}
            </span>
            <span className="muted">{formatMs(result.durationMs)}</span>
            {result.requestId ? (
              <span className="muted">
                X-Request-ID <code>{result.requestId}</code>
              </span>
            ) : null}
          </p>
          {cancelled ? (
            <p className="advice" data-testid="cancelled">
              Cancelled: the console stopped waiting and sent no more. The sandbox may still have counted a request that had reached it.
            </p>
          ) : (
            <ProblemNotice result={result} actions={problemActions} />
          )}
          <RateLimitCallout headers={result.headers} />
          <details className="headers-details">
            <summary>Headers ({Object.keys(result.headers).length})</summary>
            <HeadersTable headers={result.headers} caption="Response headers" />
          </details>
          <BodyView text={result.text} label="Response body" />
        </>
      )}
    </section>
  )
}
