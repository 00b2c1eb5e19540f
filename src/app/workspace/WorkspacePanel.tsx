import { ClockPanel } from '../settings/ClockPanel.tsx'
import { FaultsPanel } from '../settings/FaultsPanel.tsx'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { IssueKeyForm } from './IssueKeyForm.tsx'
import { KeyTable } from './KeyTable.tsx'
import { RotationPanel } from './RotationPanel.tsx'
import { SecretReveal } from './SecretReveal.tsx'
import { StateTransfer } from './StateTransfer.tsx'
import './workspace.css'

/** The developer workspace: keys are made and revoked here, outside the API. */
export function WorkspacePanel() {
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
        <IssueKeyForm />
        <KeyTable />
      </div>
      <aside className="workspace-side" aria-label="Sandbox controls">
        <ClockPanel />
        <FaultsPanel />
        <StateTransfer />
      </aside>
    </div>
  )
}
