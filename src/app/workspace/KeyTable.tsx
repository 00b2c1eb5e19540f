import { useEffect } from 'react'
import { sandboxTime, useSandboxControls } from '../state/connection/sandboxControlsStore.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { KeyRow } from './KeyRow.tsx'

/** Every key of the workspace, newest first; never a secret, only the last four characters. */
export function KeyTable() {
  const keys = useWorkspace((state) => state.keys)
  const refresh = useWorkspace((state) => state.refresh)
  // "Last used" moves with every request, which the change feed does not announce: read it fresh on opening.
  useEffect(() => {
    void refresh()
  }, [refresh])
  const loaded = useWorkspace((state) => state.loaded)
  // Re-render when the clock jumps: "expires in" is measured from the sandbox clock.
  useSandboxControls((state) => state.offsetMs)
  const now = sandboxTime()
  const active = keys.filter((key) => key.status === 'active').length

  return (
    <section aria-labelledby="keys-title">
      <h3 id="keys-title">
        Keys <span className="muted small">({keys.length === 0 ? 'none yet' : `${active} active of ${keys.length}`})</span>
      </h3>
      {loaded && keys.length === 0 ? (
        <p className="empty">No keys yet. Issue one above; it is shown once, then only its last four characters.</p>
      ) : (
        <div className="table-scroll">
          <table className="keys-table stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">App / env</th>
                <th scope="col">Scopes</th>
                <th scope="col">Lifetime</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((summary) => (
                <KeyRow key={summary.id} summary={summary} now={now} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
