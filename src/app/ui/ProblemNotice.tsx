import { isScope, type Scope } from '../../api/core.ts'
import type { HttpResult } from '../../client/sandboxClient.ts'
import { describeResult } from './apiProblem.ts'
import { nameKeyIds } from './keyNames.ts'

/** What a problem notice can offer as the next step; the caller binds each to the playground's state. */
export interface ProblemActions {
  /** Whether the "authorisation store failing" switch is on: tells its 503 from a real store failure. */
  faultSwitchOn: boolean
  resetClock(): void
  switchFaultOff(): void
  /** Opens the workspace with its issue form asking for a key with `scope`. */
  requestKey(scope: Scope): void
  openWorkspace(): void
  /** A key this tab holds that has `scope` and is not the one in use: switching keys beats issuing another. */
  keyWithScope(scope: Scope): { name: string; use(): void } | undefined
  /** The display name of a key of this workspace by its id, for messages that name ids. */
  keyName(id: string): string | undefined
}

/** A message with the key ids it names shown by their label and last four; the id stays in the tooltip. */
function WithKeyNames({ text, keyName }: { text: string; keyName: ProblemActions['keyName'] }) {
  return nameKeyIds(text, keyName).map((part, index) =>
    typeof part === 'string' ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message, in order
      <abbr key={index} className="key-ref" title={part.id}>
        {part.name}
      </abbr>
    ),
  )
}

/** An error answer as a clear state: what happened, why, and the next step. */
export function ProblemNotice({ result, actions, compact = false }: { result: HttpResult; actions: ProblemActions; compact?: boolean }) {
  const problem = describeResult(result, actions.faultSwitchOn)
  if (!problem) return null
  const scope = isScope(problem.requiredScope) ? problem.requiredScope : undefined
  const held = scope ? actions.keyWithScope(scope) : undefined
  return (
    <div className={`problem problem-${Math.floor(problem.status / 100)}xx`} data-testid="problem" data-status={problem.status}>
      <p className="problem-title">
        <strong>
          {problem.status === 0 ? 'No answer' : problem.status} · {problem.title}
        </strong>
        {problem.code ? (
          <>
            {' '}
            <code>{problem.code}</code>
          </>
        ) : null}
      </p>
      {problem.detail && !compact ? (
        <p className="problem-detail">
          <WithKeyNames text={problem.detail} keyName={actions.keyName} />
        </p>
      ) : null}
      {problem.errors.length > 0 ? (
        <ul className="problem-errors">
          {problem.errors.slice(0, 20).map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: errors are a fixed, ordered list from one answer
            <li key={index}>
              <code>{error.pointer || '/'}</code> {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="problem-hint">{problem.hint}</p>
      <div className="button-row">
        {problem.action === 'clock-back' ? (
          <button type="button" onClick={actions.resetClock}>
            Put the clock back to now
          </button>
        ) : null}
        {problem.action === 'fault-off' ? (
          <button type="button" onClick={actions.switchFaultOff}>
            Switch the fault off
          </button>
        ) : null}
        {scope && held ? (
          <button type="button" className="primary" onClick={held.use}>
            Use key {held.name} (has {scope})
          </button>
        ) : null}
        {problem.action === 'issue-key' && scope ? (
          <button type="button" onClick={() => actions.requestKey(scope)}>
            Issue a key with {scope}
          </button>
        ) : null}
        {(problem.action === 'issue-key' && !problem.requiredScope) ||
        problem.action === 'clock-back' ||
        problem.action === 'choose-key' ? (
          <button type="button" onClick={actions.openWorkspace}>
            Go to the workspace
          </button>
        ) : null}
        {problem.action === 'reload' ? (
          <button type="button" onClick={() => location.reload()}>
            Reload
          </button>
        ) : null}
      </div>
    </div>
  )
}
