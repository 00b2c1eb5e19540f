import { useState } from 'react'
import type { Scope } from '../../api/core.ts'

export interface KeyGateProps {
  /** Why the panel cannot call the API with the selected key, in a sentence. */
  explanation: string
  /** The scopes the one-click key gets: the smallest list for the panel. */
  scopes: readonly Scope[]
  /** False until the workspace is connected: nothing could issue the key yet. */
  canIssue: boolean
  /** The last failure of issuing, if any. */
  error: string | undefined
  onIssue(): Promise<unknown>
  onChooseKey(): void
}

/**
 * Says why a panel cannot call the API with the selected key and offers the
 * smallest key that can, in one click.
 */
export function KeyGate({ explanation, scopes, canIssue, error, onIssue, onChooseKey }: KeyGateProps) {
  const [busy, setBusy] = useState(false)
  const issue = async () => {
    setBusy(true)
    await onIssue()
    setBusy(false)
  }
  return (
    <div className="key-gate" role="note" data-testid="key-gate">
      <p>{explanation}</p>
      <div className="button-row">
        {canIssue ? (
          <button type="button" className="primary" onClick={issue} disabled={busy}>
            {busy ? 'Issuing…' : `Issue a key with ${scopes.join(', ')}`}
          </button>
        ) : null}
        <button type="button" onClick={onChooseKey}>
          Choose a key in the workspace
        </button>
      </div>
      {error ? <p className="key-gate-error">{error}</p> : null}
    </div>
  )
}
