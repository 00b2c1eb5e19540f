import type { RuntimePhase } from '../run/embedController.ts'

/**
 * Says plainly when the sandbox runs without a service worker, or cannot run.
 * Running without the worker is a working fallback, so it takes one quiet
 * line; the why and the browser's words wait behind a disclosure. (Starting is
 * said beside the Run button, in a line that is there anyway, so a frame is as
 * tall before its sandbox starts as after and the docs page does not move.)
 */
export function RuntimeMessage({ runtime }: { runtime: RuntimePhase }) {
  if (runtime.phase === 'starting') return null
  if (runtime.phase === 'failed') {
    return (
      <div className="runtime failed" role="alert">
        <p>
          <strong>{runtime.problem.title}.</strong> {runtime.problem.message}
        </p>
        {runtime.problem.detail ? <p className="detail">{runtime.problem.detail}</p> : null}
      </div>
    )
  }
  if (runtime.transport.kind === 'in-page') {
    const { notice } = runtime.transport
    return (
      <div className="runtime notice" role="note" data-reason={notice.reason}>
        <details>
          <summary>{notice.summary}</summary>
          <p>{notice.message}</p>
          {notice.detail ? <p className="detail">{notice.detail}</p> : null}
        </details>
      </div>
    )
  }
  return null
}
