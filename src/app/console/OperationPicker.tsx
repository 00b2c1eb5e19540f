import { OPERATIONS } from '../../api/index.ts'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { operationById } from '../ui/operations.ts'
import { useConsole } from './consoleStore.ts'

/** Picks one of the nine operations and says what it needs. */
export function OperationPicker() {
  const operationId = useConsole((state) => state.operationId)
  const choose = useConsole((state) => state.choose)
  const operation = operationById(operationId)
  const selection = useKeyVault((vault) => vault.selection)
  const chosenKey = useWorkspace((state) => (selection.kind === 'issued' ? state.keys.find((key) => key.id === selection.id) : undefined))
  const lacksScope = chosenKey !== undefined && !chosenKey.scopes.includes(operation.scope)

  return (
    <div className="operation-picker">
      <label className="field">
        <span>Operation</span>
        <select value={operationId} onChange={(e) => choose(e.target.value as typeof operationId)}>
          {OPERATIONS.map((candidate) => (
            <option key={candidate.operationId} value={candidate.operationId}>
              {candidate.method} {candidate.path} · {candidate.operationId}
            </option>
          ))}
        </select>
      </label>
      <p className="request-line">
        <span className={`method method-${operation.method.toLowerCase()}`}>{operation.method}</span>{' '}
        <code data-testid="request-path">/api/developer/v1{operation.path}</code>
        <span className="muted"> · needs </span>
        <code data-testid="required-scope">{operation.scope}</code>
      </p>
      <p className="muted small">{operation.summary}</p>
      {lacksScope ? (
        <p className="advice advice-broad" role="status">
          The chosen key lacks <code>{operation.scope}</code>: expect 403.
        </p>
      ) : null}
    </div>
  )
}
