import type { ReactNode } from 'react'
import { useKeyRequest } from '../state/keys/keyRequest.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { IssueKeyForm } from './IssueKeyForm.tsx'
import { KeyTable } from './KeyTable.tsx'
import { RotationPanel } from './RotationPanel.tsx'
import { SecretReveal } from './SecretReveal.tsx'
import { StateTransfer } from './StateTransfer.tsx'
import './workspace.css'

/** The developer workspace: keys are made and revoked here, outside the API. `controls` are the sandbox's clock and fault switches. */
export function WorkspacePanel({ controls }: { controls: ReactNode }) {
  const request = useKeyRequest((state) => state.request)
  const error = useWorkspace((state) => state.error)
  const clearError = useWorkspace((state) => state.clearError)
  return (
    <div className="workspace-layout">
      <div className="workspace-main">
        <p className="lead">
          Keys are made here, outside the API, as in a real developer console. Each key is bound to one app, one environment and a scope
          list, and expires 180 days after issue.
        </p>
        {error ? (
          <div className="error-box" role="alert">
            <p>{error}</p>
            <button type="button" onClick={clearError}>
              Dismiss
            </button>
          </div>
        ) : null}
        <SecretReveal />
        <RotationPanel />
        <IssueKeyForm key={request?.nonce ?? 0} request={request} />
        <KeyTable />
      </div>
      <aside className="workspace-side" aria-label="Sandbox controls">
        {controls}
        <StateTransfer />
      </aside>
    </div>
  )
}
