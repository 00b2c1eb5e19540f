import { useKeyVault } from '../state/keys/keyVault.ts'
import { headerProblem } from './consoleRequest.ts'
import { useConsole } from './consoleStore.ts'

/** Request headers as editable rows; Authorization is shown but owned by the key picker. */
export function HeaderEditor() {
  const rows = useConsole((state) => state.headers)
  const setHeader = useConsole((state) => state.setHeader)
  const addHeader = useConsole((state) => state.addHeader)
  const removeHeader = useConsole((state) => state.removeHeader)
  const selectedKey = useKeyVault((vault) => vault.selectedKey)

  return (
    <fieldset className="header-editor">
      <legend>Headers</legend>
      <p className="header-fixed">
        <code>Authorization</code>{' '}
        <span className="muted">
          {selectedKey ? `Bearer ••••${selectedKey.slice(-4)} (from the key picker)` : 'not sent: no key chosen'}
        </span>
      </p>
      {rows.map((row, index) => {
        const problem = headerProblem(row.name, row.value)
        const n = index + 1
        return (
          <div key={row.id} className="header-row">
            <input
              aria-label={`Header ${n} name`}
              value={row.name}
              placeholder="Name"
              onChange={(e) => setHeader(row.id, { name: e.target.value })}
              spellCheck={false}
              aria-invalid={problem ? true : undefined}
            />
            <input
              aria-label={`Header ${n} value`}
              value={row.value}
              placeholder={row.name.toLowerCase() === 'x-request-id' ? 'empty: the sandbox makes one' : 'Value'}
              onChange={(e) => setHeader(row.id, { value: e.target.value })}
              spellCheck={false}
            />
            {row.name.toLowerCase() === 'x-request-id' ? (
              <button
                type="button"
                onClick={() => setHeader(row.id, { value: `pg-${crypto.randomUUID().slice(0, 13)}` })}
                aria-label={`Generate a value for header ${n}`}
              >
                Generate
              </button>
            ) : null}
            <button type="button" onClick={() => removeHeader(row.id)} aria-label={`Remove header ${n}`}>
              Remove
            </button>
            {problem ? <span className="error-text small">{problem}</span> : null}
          </div>
        )
      })}
      <div className="button-row">
        <button type="button" onClick={() => addHeader()}>
          Add header
        </button>
        {rows.some((row) => row.name.toLowerCase() === 'x-request-id') ? null : (
          <button type="button" onClick={() => addHeader('X-Request-ID', '')}>
            Add X-Request-ID
          </button>
        )}
      </div>
    </fieldset>
  )
}
