import type { ReactNode } from 'react'
import { useProblemActions } from '../state/problemActions.ts'
import { formatMs } from '../ui/format.ts'
import { ProblemNotice } from '../ui/ProblemNotice.tsx'
import type { Resource } from './dataStore.ts'
import './data.css'

interface ResourceFrameProps {
  title: string
  /** The call behind the view, shown so people can find it in the console. */
  call: string
  resource: Resource & { reload(): void }
  children: (body: unknown) => ReactNode
}

/** A data view's frame: heading, the call it makes, loading and error states, and a refresh. */
export function ResourceFrame({ title, call, resource, children }: ResourceFrameProps) {
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
