import { useId } from 'react'
import { BASE_PATH, OPERATIONS } from '../../api/core.ts'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { operationById } from '../ui/operations.ts'
import { checkedTarget, formOperation, useConsole } from './consoleStore.ts'
import { METHODS } from './requestTarget.ts'

const OTHER_ROUTE = '__other__'

/** Picks one of the nine operations, or any method and URL under the API base, and says what the request needs. */
export function OperationPicker() {
  const operationId = useConsole(formOperation)
  const method = useConsole((state) => state.method)
  const target = useConsole((state) => state.target)
  const check = checkedTarget({ target })
  const choose = useConsole((state) => state.choose)
  const setMethod = useConsole((state) => state.setMethod)
  const setTarget = useConsole((state) => state.setTarget)
  const operation = operationId ? operationById(operationId) : undefined
  const selection = useKeyVault((vault) => vault.selection)
  const chosenKey = useWorkspace((state) => (selection.kind === 'issued' ? state.keys.find((key) => key.id === selection.id) : undefined))
  const lacksScope = operation !== undefined && chosenKey !== undefined && !chosenKey.scopes.includes(operation.scope)
  const id = useId()

  return (
    <div className="operation-picker">
      <label className="field">
        <span>Operation</span>
        <select
          value={operationId ?? OTHER_ROUTE}
          onChange={(e) => e.target.value !== OTHER_ROUTE && choose(e.target.value as (typeof OPERATIONS)[number]['operationId'])}
        >
          {OPERATIONS.map((candidate) => (
            <option key={candidate.operationId} value={candidate.operationId}>
              {candidate.method} {candidate.path} · {candidate.operationId}
            </option>
          ))}
          <option value={OTHER_ROUTE} disabled={operationId !== null}>
            Another method or path (see the URL below)
          </option>
        </select>
      </label>
      <div className="request-target">
        <div className="field compact">
          <label htmlFor={`${id}-method`}>Method</label>
          <select id={`${id}-method`} value={method} onChange={(e) => setMethod(e.target.value)}>
            {METHODS.map((candidate) => (
              <option key={candidate}>{candidate}</option>
            ))}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor={`${id}-url`}>URL</label>
          <span className="url-input">
            <code className="url-base" aria-hidden="true">
              {BASE_PATH}
            </code>
            <input
              id={`${id}-url`}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              spellCheck={false}
              autoComplete="off"
              aria-describedby={`${id}-url-note`}
              aria-invalid={check.ok ? undefined : true}
            />
          </span>
        </div>
      </div>
      <p id={`${id}-url-note`} className={check.ok ? 'muted small' : 'error-text small'} data-testid="url-note">
        {check.ok ? `Path and query after ${BASE_PATH}; any path under it reaches the sandbox (unknown ones answer 404).` : check.problem}
      </p>
      <p className="request-line">
        <span className={`method method-${method.toLowerCase()}`}>{method}</span>{' '}
        <code data-testid="request-path">
          {BASE_PATH}
          {check.ok ? `${check.path}${check.query}` : target}
        </code>
        {operation ? (
          <>
            <span className="muted"> · needs </span>
            <code data-testid="required-scope">{operation.scope}</code>
          </>
        ) : (
          <span className="muted"> · not one of the nine operations: expect 404 or 405</span>
        )}
      </p>
      {operation ? <p className="muted small">{operation.summary}</p> : null}
      {lacksScope ? (
        <p className="advice advice-broad" role="status">
          The chosen key lacks <code>{operation.scope}</code>: expect 403.
        </p>
      ) : null}
    </div>
  )
}
