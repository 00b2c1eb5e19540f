import { useState } from 'react'
import type { Scope } from '../../api/index.ts'
import type { KeyAccess } from '../state/keys/keyAccess.ts'
import { useWorkspace, workspaceStore } from '../state/keys/workspaceStore.ts'
import { goTo } from '../state/navigation.ts'

interface KeyGateProps {
  access: KeyAccess
  /** What the panel does with the key, e.g. "validate and preview manifests". */
  purpose: string
  /** The scopes the one-click key gets: the smallest list for this panel. */
  scopes: readonly Scope[]
  /** Label of the issued key in the workspace. */
  label: string
}

function explain(access: KeyAccess, purpose: string): string {
  switch (access.kind) {
    case 'none':
      return `No key is selected. A key is needed to ${purpose}.`
    case 'inactive':
      return `The selected key (${access.hint}) is ${access.status}, so it cannot ${purpose}.`
    case 'missing-scopes':
      return `The selected key (${access.hint}) lacks ${access.missing.join(', ')}, which it needs to ${purpose}.`
    case 'ok':
      return ''
  }
}

/**
 * Says why a panel cannot call the API with the selected key and offers the
 * smallest key that can, in one click. Issuing selects the new key for the
 * whole playground, as issuing in the workspace does.
 */
export function KeyGate({ access, purpose, scopes, label }: KeyGateProps) {
  const connected = useWorkspace((state) => state.workspace !== undefined)
  const error = useWorkspace((state) => state.error)
  const [busy, setBusy] = useState(false)
  if (access.kind === 'ok') return null
  const issue = async () => {
    setBusy(true)
    await workspaceStore.getState().issue({ scopes: [...scopes], label })
    setBusy(false)
  }
  return (
    <div className="key-gate" role="note" data-testid="key-gate">
      <p>{explain(access, purpose)}</p>
      <div className="button-row">
        {connected ? (
          <button type="button" className="primary" onClick={issue} disabled={busy}>
            {busy ? 'Issuing…' : `Issue a key with ${scopes.join(', ')}`}
          </button>
        ) : null}
        <button type="button" onClick={() => goTo('workspace')}>
          Choose a key in the workspace
        </button>
      </div>
      {error ? <p className="key-gate-error">{error}</p> : null}
    </div>
  )
}
