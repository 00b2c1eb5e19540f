import { isScope } from '../../api/core.ts'
import type { ApiResult } from '../../client/sandboxClient.ts'
import { UseKeyWithScope } from '../keys/UseKeyWithScope.tsx'
import { useSettings } from '../settings/settingsStore.ts'
import { workspaceStore } from '../workspace/workspaceStore.ts'
import { describeResult } from './apiProblem.ts'
import { goTo } from './navigation.ts'

/** An error answer as a clear state: what happened, why, and the next step. */
export function ProblemNotice({ result, compact = false }: { result: ApiResult; compact?: boolean }) {
  const resetClock = useSettings((state) => state.resetClock)
  const setFaults = useSettings((state) => state.setFaults)
  const faultSwitchOn = useSettings((state) => state.faults.authorization === 'unavailable')
  const problem = describeResult(result, faultSwitchOn)
  if (!problem) return null
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
      {problem.detail && !compact ? <p className="problem-detail">{problem.detail}</p> : null}
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
          <button type="button" onClick={resetClock}>
            Put the clock back to now
          </button>
        ) : null}
        {problem.action === 'fault-off' ? (
          <button type="button" onClick={() => setFaults({ authorization: 'ok' })}>
            Switch the fault off
          </button>
        ) : null}
        {isScope(problem.requiredScope) ? <UseKeyWithScope scope={problem.requiredScope} /> : null}
        {problem.action === 'issue-key' && isScope(problem.requiredScope) ? (
          <button
            type="button"
            onClick={() => {
              if (isScope(problem.requiredScope)) workspaceStore.getState().prefill([problem.requiredScope])
              goTo('workspace')
            }}
          >
            Issue a key with {problem.requiredScope}
          </button>
        ) : null}
        {(problem.action === 'issue-key' && !problem.requiredScope) ||
        problem.action === 'clock-back' ||
        problem.action === 'choose-key' ? (
          <button type="button" onClick={() => goTo('workspace')}>
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
