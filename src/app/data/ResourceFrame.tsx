import type { ReactNode } from 'react'
import type { ApiResult } from '../../client/sandboxClient.ts'
import { useProblemActions } from '../state/problemActions.ts'
import { formatMs } from '../ui/format.ts'
import { ProblemNotice } from '../ui/ProblemNotice.tsx'
import type { Resource } from './dataStore.ts'
import './data.css'

interface ResourceFrameProps<Body> {
  title: string
  /** The call behind the view, shown so people can find it in the console. */
  call: string
  resource: Omit<Resource, 'result'> & { result: ApiResult<Body> | undefined; reload(): void }
  children: (body: Body) => ReactNode
}

/** A data view's frame: heading, the call it makes, loading and error states, and a refresh. */
export function ResourceFrame<Body>({ title, call, resource, children }: ResourceFrameProps<Body>) {
  const { result, loading } = resource
  const problemActions = useProblemActions()
  const id = title.toLowerCase().replace(/[^a-z]+/g, '-')
  return (
    <section className="resource" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <div className="resource-head">
        <h3 id={`${id}-title`}>{title}</h3>
        <code className="muted small">{call}</code>
        {result ? (
          <span className="muted small">
            {result.status} · {formatMs(result.durationMs)} · key {resource.keyHint ?? 'none'}
          </span>
        ) : null}
        <button type="button" onClick={resource.reload} disabled={loading} aria-label={`Refresh ${title}`}>
          {loading ? 'Loading…' : 'Refresh'}
        </button>
      </div>
      {!result ? (
        <p className="empty">Loading…</p>
      ) : result.ok ? (
        children(result.body)
      ) : (
        <ProblemNotice result={result} actions={problemActions} />
      )}
    </section>
  )
}
