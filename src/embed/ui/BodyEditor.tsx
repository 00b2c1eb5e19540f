import { type KeyboardEvent, useId } from 'react'
import { MAX_BODY_BYTES } from '../../api/core.ts'
import { formatBytes, utf8Bytes } from './format.ts'

interface BodyEditorProps {
  body: string
  changed: boolean
  onChange(body: string): void
  onReset(): void
  onRun(): void
}

/** The editable request body. It is sent exactly as typed, so a broken body shows what the API says about it. */
export function BodyEditor({ body, changed, onChange, onReset, onRun }: BodyEditorProps) {
  const id = useId()
  const bytes = utf8Bytes(body)
  const runOnShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      onRun()
    }
  }
  return (
    <div className="body-editor">
      <label htmlFor={`${id}-body`}>Request body (JSON, sent as typed)</label>
      <textarea
        id={`${id}-body`}
        value={body}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        rows={Math.min(12, Math.max(3, body.split('\n').length))}
        aria-describedby={`${id}-size`}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={runOnShortcut}
      />
      <div className="body-meta">
        <span id={`${id}-size`} className={bytes > MAX_BODY_BYTES ? 'over' : undefined}>
          {formatBytes(bytes)}
          {bytes > MAX_BODY_BYTES ? ` (over the ${formatBytes(MAX_BODY_BYTES)} limit)` : ''} · Ctrl+Enter runs
        </span>
        {changed ? (
          <button type="button" className="link" onClick={onReset}>
            Restore the example body
          </button>
        ) : null}
      </div>
    </div>
  )
}
