import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react'
import type { KeySummary } from '../../api/index.ts'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { formatDateTime, formatRelative } from '../ui/format.ts'
import { StatusBadge } from '../ui/StatusBadge.tsx'
import { focusKeyRow } from './focusKeyRow.ts'
import { rotationStore } from './rotationStore.ts'

/** One key: what it is bound to, when it lapses, and what can be done with it. */
export function KeyRow({ summary, now }: { summary: KeySummary; now: number }) {
  const revoke = useWorkspace((state) => state.revoke)
  const held = useKeyVault((vault) => summary.id in vault.secrets)
  const inUse = useKeyVault((vault) => vault.selection.kind === 'issued' && vault.selection.id === summary.id)
  const select = useKeyVault((vault) => vault.select)
  const remembered = useKeyVault((vault) => vault.rememberedIds.includes(summary.id))
  const forgetInBrowser = useKeyVault((vault) => vault.forgetInBrowser)
  const [confirming, setConfirming] = useState(false)
  const name = `key …${summary.lastFour}`
  const active = summary.status === 'active'
  // The buttons that had focus come and go with the confirmation: focus follows to the one that replaces them.
  const keepButton = useRef<HTMLButtonElement>(null)
  const revokeButton = useRef<HTMLButtonElement>(null)
  const backToRevoke = useRef(false)
  useLayoutEffect(() => {
    if (confirming) keepButton.current?.focus()
    else if (backToRevoke.current) revokeButton.current?.focus()
    backToRevoke.current = false
  }, [confirming])
  const keep = () => {
    backToRevoke.current = true
    setConfirming(false)
  }
  const keepOnEscape = (event: KeyboardEvent) => {
    if (!confirming || event.key !== 'Escape') return
    event.preventDefault()
    keep()
  }
  const confirmRevoke = () =>
    void revoke(summary.id).then(() => {
      setConfirming(false)
      focusKeyRow(summary.id)
    })

  return (
    <tr data-key-id={summary.id} data-status={summary.status} className={inUse ? 'in-use' : undefined}>
      <th scope="row" tabIndex={-1} data-key-row={summary.id}>
        <code className="key-name">…{summary.lastFour}</code>
        {summary.label ? <div className="muted small">{summary.label}</div> : null}
        {held ? <div className="small">{inUse ? 'In use in this tab' : 'Secret held in this tab'}</div> : null}
        {remembered ? <div className="small">Remembered in this browser (.env)</div> : null}
      </th>
      <td data-label="App / env">
        {summary.app}
        <div className="muted small">{summary.environment}</div>
      </td>
      <td data-label="Scopes">
        <ul className="scope-list">
          {summary.scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      </td>
      <td className="small" data-label="Lifetime">
        <div>Created {formatDateTime(summary.createdAt)}</div>
        <div>
          {summary.status === 'expired' ? 'Expired' : 'Expires'} {formatDateTime(summary.expiresAt)}
          {active ? <span className="muted"> ({formatRelative(Date.parse(summary.expiresAt), now)})</span> : null}
        </div>
        {summary.revokedAt ? <div>Revoked {formatDateTime(summary.revokedAt)}</div> : null}
        <div className="muted">Last used {summary.lastUsedAt ? formatRelative(Date.parse(summary.lastUsedAt), now) : 'never'}</div>
      </td>
      <td data-label="Status">
        <StatusBadge status={summary.status} />
      </td>
      <td>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape here cancels a pending revoke, whichever of its buttons has focus */}
        <div className="row-actions" onKeyDown={keepOnEscape}>
          {held && !inUse && active ? (
            <button type="button" onClick={() => select({ kind: 'issued', id: summary.id })} aria-label={`Use ${name} for requests`}>
              Use
            </button>
          ) : null}
          {remembered ? (
            <button type="button" onClick={() => forgetInBrowser(summary.id)} aria-label={`Forget ${name} in this browser`}>
              Forget
            </button>
          ) : null}
          {(active || summary.status === 'expired') && !confirming ? (
            // An expired key's 401 says "rotate to a new key": the rotation issues its twin.
            <button type="button" onClick={() => rotationStore.getState().start(summary.id)} aria-label={`Rotate ${name}`}>
              Rotate
            </button>
          ) : null}
          {active && !confirming ? (
            <button type="button" className="danger" ref={revokeButton} onClick={() => setConfirming(true)} aria-label={`Revoke ${name}`}>
              Revoke
            </button>
          ) : null}
          {confirming ? (
            <>
              <button type="button" className="danger" onClick={confirmRevoke} aria-label={`Confirm revoke of ${name}`}>
                Confirm revoke
              </button>
              <button type="button" ref={keepButton} onClick={keep} aria-label={`Keep ${name}`}>
                Keep
              </button>
            </>
          ) : null}
        </div>
      </td>
    </tr>
  )
}
