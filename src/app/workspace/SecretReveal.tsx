import { useLayoutEffect, useRef } from 'react'
import { useKeyVault } from '../state/keys/keyVault.ts'
import { REMEMBERED_KEYS_STORAGE_KEY } from '../state/keys/rememberedKeys.ts'
import { useWorkspace } from '../state/keys/workspaceStore.ts'
import { useConnection } from '../state/runtime/runtimeStore.ts'
import { CopyButton } from '../ui/CopyButton.tsx'
import { focusKeyRow } from './focusKeyRow.ts'

/**
 * The one moment the full key is visible. After "Hide" it is never shown
 * again; this tab keeps it in memory only, so requests can still use it.
 */
export function SecretReveal() {
  const revealId = useWorkspace((state) => state.revealId)
  const dismiss = useWorkspace((state) => state.dismissReveal)
  const secret = useKeyVault((vault) => (revealId ? vault.secrets[revealId] : undefined))
  const remembered = useKeyVault((vault) => (revealId ? vault.rememberedIds.includes(revealId) : false))
  const rememberInBrowser = useKeyVault((vault) => vault.rememberInBrowser)
  const forgetInBrowser = useKeyVault((vault) => vault.forgetInBrowser)
  // Remembering keeps the plaintext in the origin's storage: offered where the sandbox is this tab's own, not on a shared host.
  const canRemember = useConnection().host.kind === 'tab'
  const heading = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    if (revealId) heading.current?.focus()
  }, [revealId])
  if (!revealId || !secret) return null
  return (
    <section className="secret-reveal" aria-labelledby="secret-reveal-title">
      <h3 id="secret-reveal-title" ref={heading} tabIndex={-1}>
        Your new key: copy it now
      </h3>
      <p className="warning-text">
        This is the only time the full key is shown. The sandbox stores only its SHA-256 hash; after you hide it (or reload), nobody can
        show it again. Keep it on your server, never in client code.
      </p>
      <div className="secret-row">
        <output className="secret" aria-label="New API key" data-testid="new-secret">
          {secret}
        </output>
        <CopyButton text={secret} what="new API key" className="primary" />
      </div>
      <p className="muted">
        This tab keeps the key in memory and has selected it for requests. Other tabs only see its last four characters.
      </p>
      {canRemember ? (
        <>
          <label className="remember-key">
            <input
              type="checkbox"
              checked={remembered}
              onChange={(event) => (event.target.checked ? rememberInBrowser(revealId) : forgetInBrowser(revealId))}
              aria-describedby="remember-key-note"
            />
            Remember this key in this browser (.env)
          </label>
          <p id="remember-key-note" className="muted small">
            Like a <code>.env</code> file: the plaintext is saved in this site's localStorage (<code>{REMEMBERED_KEYS_STORAGE_KEY}</code>),
            so a reload or another tab can use it. Anyone using this browser profile can read it. Revoking the key, or Forget in the key
            table, removes it.
          </p>
        </>
      ) : null}
      <button
        type="button"
        onClick={() => {
          dismiss()
          focusKeyRow(revealId)
        }}
      >
        I have copied it, hide the key
      </button>
    </section>
  )
}
