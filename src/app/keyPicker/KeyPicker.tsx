import { useId, useState } from 'react'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { keyDisplayName } from '../ui/keyNames.ts'
import { StatusBadge } from '../ui/StatusBadge.tsx'
import { LostKeyNotice } from './LostKeyNotice.tsx'

const PASTED = '__pasted__'
const NONE = '__none__'

/** Chooses the key every request of this tab is sent with: one issued here, a pasted one, or none. */
export function KeyPicker() {
  const keys = useWorkspace((state) => state.keys)
  const secrets = useKeyVault((vault) => vault.secrets)
  const selection = useKeyVault((vault) => vault.selection)
  const pasted = useKeyVault((vault) => vault.pasted)
  const select = useKeyVault((vault) => vault.select)
  const paste = useKeyVault((vault) => vault.paste)
  const [reveal, setReveal] = useState(false)
  const id = useId()

  const held = keys.filter((key) => key.id in secrets)
  const elsewhere = keys.length - held.length
  const value = selection.kind === 'issued' ? selection.id : selection.kind === 'pasted' ? PASTED : NONE
  const chosen = selection.kind === 'issued' ? keys.find((key) => key.id === selection.id) : undefined
  const pastedMatch = selection.kind === 'pasted' && pasted.length > 4 ? keys.filter((key) => key.lastFour === pasted.slice(-4)) : []

  const onChange = (next: string) => {
    if (next === NONE) select({ kind: 'none' })
    else if (next === PASTED) select({ kind: 'pasted' })
    else select({ kind: 'issued', id: next })
  }

  return (
    <div className="key-picker">
      <label htmlFor={`${id}-select`}>Key for requests</label>
      <select id={`${id}-select`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={NONE}>No key (no Authorization header)</option>
        {held.map((key) => (
          <option key={key.id} value={key.id} title={key.id}>
            {keyDisplayName(key)} · {key.app}/{key.environment} · {key.scopes.length} {key.scopes.length === 1 ? 'scope' : 'scopes'} ·{' '}
            {key.status}
          </option>
        ))}
        <option value={PASTED}>Paste a key…</option>
      </select>
      {chosen ? <StatusBadge status={chosen.status} /> : null}
      {selection.kind === 'pasted' ? (
        <span className="paste-field">
          <input
            className="paste-input"
            type={reveal ? 'text' : 'password'}
            aria-label="Pasted API key"
            placeholder="svc_test_…"
            value={pasted}
            onChange={(e) => paste(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <button type="button" onClick={() => setReveal(!reveal)} aria-pressed={reveal}>
            {/* A toggle keeps one name; aria-pressed says whether the key is shown. */}
            Show<span className="visually-hidden"> the pasted key</span>
          </button>
          {pastedMatch.length === 1 && pastedMatch[0] ? <StatusBadge status={pastedMatch[0].status} /> : null}
        </span>
      ) : null}
      {elsewhere > 0 && selection.kind !== 'pasted' ? (
        <span className="muted small">
          {elsewhere} other {elsewhere === 1 ? 'key has' : 'keys have'} no secret in this tab: paste one to use it.
        </span>
      ) : null}
      <LostKeyNotice />
    </div>
  )
}
