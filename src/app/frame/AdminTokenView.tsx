import { type FormEvent, useId, useState } from 'react'
import type { SandboxHost } from '../state/connection/sandboxConnection.ts'
import { unlockRemote } from '../state/runtime/runtimeStore.ts'

/**
 * Asks once for the admin token of the host that served this page. The token
 * stays in this page's memory and goes to this origin only; `serve` prints a
 * one-time link that hands it over without typing.
 */
export function AdminTokenView({ host, refused }: { host: Exclude<SandboxHost, { kind: 'tab' }>; refused: string | undefined }) {
  const [token, setToken] = useState('')
  const [remember, setRemember] = useState(false)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!token.trim()) return
    setBusy(true)
    await unlockRemote(host, token.trim(), { remember })
    setBusy(false)
  }
  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-testid="admin-token-view">
      <h2 id={`${id}-title`}>Admin token for {host.label}</h2>
      <p>
        This playground manages the sandbox through its control API, which needs the admin token. It is kept in this page's memory only and
        sent to this address only, unless you ask this browser to remember it (in this site's localStorage, like a <code>.env</code> file:
        anyone using this browser profile can read it).
      </p>
      {host.kind === 'serve' ? (
        <p className="muted small">
          <code>npx developer-sandbox serve</code> prints a one-time link that hands the token to the page; the token itself is in the state
          folder's lock file, or in <code>DEVELOPER_SANDBOX_ADMIN_TOKEN</code> if you set it.
        </p>
      ) : null}
      <form onSubmit={(event) => void submit(event)} className="field-row">
        <label className="field">
          <span>Admin token</span>
          <input type="password" autoComplete="off" value={token} onChange={(event) => setToken(event.target.value)} />
        </label>
        <label className="remember-key align-end">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          Remember it in this browser
        </label>
        <button type="submit" className="primary align-end" disabled={busy}>
          Connect
        </button>
      </form>
      {refused ? (
        <p className="error-text" role="alert">
          {refused}
        </p>
      ) : null}
    </section>
  )
}
