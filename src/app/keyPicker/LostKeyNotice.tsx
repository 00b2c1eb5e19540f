import { useState } from 'react'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { reissueKey } from './reissueKey.ts'

/**
 * After a reload: which key this tab was using, that its secret is gone
 * (the sandbox keeps only a hash), and one click to a fresh key with the
 * same scopes, the old one revoked.
 */
export function LostKeyNotice() {
  const lostId = useKeyVault((vault) => vault.lostId)
  const dismiss = useKeyVault((vault) => vault.dismissLost)
  const lost = useWorkspace((state) => (lostId ? state.keys.find((key) => key.id === lostId) : undefined))
  const error = useWorkspace((state) => state.error)
  const [busy, setBusy] = useState(false)
  if (!lost) return null
  const active = lost.status === 'active'
  const reissue = async () => {
    setBusy(true)
    await reissueKey(lost)
    setBusy(false)
  }
  return (
    <div className="lost-key" role="note" data-testid="lost-key">
      <p>
        This tab no longer holds the secret of key <code>…{lost.lastFour}</code> ({lost.app}/{lost.environment}, {lost.scopes.join(', ')}
        ). The sandbox stores only its hash, so a reload forgets the plaintext.
      </p>
      <div className="button-row">
        <button type="button" className="primary" onClick={reissue} disabled={busy}>
          {busy ? 'Issuing…' : `Issue a fresh key with the same scopes${active ? ` and revoke …${lost.lastFour}` : ''}`}
        </button>
        <button type="button" onClick={dismiss}>
          Dismiss
        </button>
      </div>
      {error ? <p className="lost-key-error">{error}</p> : null}
    </div>
  )
}
