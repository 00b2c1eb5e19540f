import { memo } from 'react'
import { ColumnSpec } from './ColumnSpec.tsx'
import { DisplayMock } from './DisplayMock.tsx'
import { ReviewSummary } from './ReviewSummary.tsx'
import type { PreviewState } from './usePreview.ts'
import './preview.css'

interface PreviewPanelProps {
  state: PreviewState | undefined
  /** The digest of the current text when it is valid, else undefined. */
  currentDigest: string | undefined
  /** Why there is no preview call, when there cannot be one (key, scope). */
  blockedReason: string | null
}

/**
 * The review package of the manifest, rendered for a reviewer; every value from the manifest is plain text.
 * Memoised: the panel around it renders on every key typed, while these props change only with a verdict.
 */
export const PreviewPanel = memo(function PreviewPanel({ state, currentDigest, blockedReason }: PreviewPanelProps) {
  if (blockedReason) return <p className="muted">{blockedReason}</p>
  if (!state) return <p className="muted">The preview appears as soon as the manifest is valid.</p>
  const stale = state.digest !== currentDigest
  if (state.kind === 'loading') return <p className="muted">Building the preview…</p>
  if (state.kind === 'refused') {
    return (
      <div className="editor-refusal" role="alert">
        <strong>{state.refusal.title}</strong> {state.refusal.detail}
      </div>
    )
  }
  const { body } = state
  const { manifest } = body
  return (
    <div className={`preview${stale ? ' is-stale' : ''}`} data-testid="preview" data-digest={body.digest}>
      {stale ? (
        <p className="stale-note" role="note">
          This is the preview of the last valid version. The text in the editor has changed since and is not valid yet.
        </p>
      ) : null}
      <header className="preview-head">
        <h4>
          {manifest.name ?? 'Untitled tool'} {manifest.version ? <span className="muted">v{manifest.version}</span> : null}
        </h4>
        {manifest.summary ? <p>{manifest.summary}</p> : null}
        <p className="muted">
          Entry <code>{manifest.entry}</code> · digest <code className="digest">{body.digest}</code>
        </p>
        {body.truncated ? (
          <p className="muted">Some long strings or lists were shortened for review: {body.truncatedPointers.join(', ')}</p>
        ) : null}
      </header>
      <ReviewSummary preview={body} />
      {body.display ? (
        <>
          <DisplayMock display={body.display} title={manifest.name} />
          <ColumnSpec display={body.display} />
        </>
      ) : (
        <p className="muted">No display: the tool declares no native view.</p>
      )}
    </div>
  )
})
