import { SERVE_API_BASE, SERVE_COMMAND, useBridgeStatus } from '../state/runtime/bridgeStore.ts'
import { useConnection } from '../state/runtime/runtimeStore.ts'
import { CopyButton } from '../ui/CopyButton.tsx'

/**
 * Whether curl, a script or another app can reach this tab's sandbox over
 * HTTP, and at which URL: only where the page's own server (dev or preview)
 * forwards the API to the tab. Elsewhere it says so, and what to run instead.
 */
export function BridgeIndicator() {
  const status = useBridgeStatus()
  const { host } = useConnection()
  // A host that served this page is itself reachable: there is no bridge to show, only its address.
  if (host.kind !== 'tab') {
    return (
      <section className="bridge bridge-on" aria-label="Calls from outside the page" data-testid="bridge-status" data-state="host">
        <p>
          <strong>Reachable from outside</strong> at <code data-testid="bridge-url">{host.apiUrl}</code>{' '}
          <CopyButton text={host.apiUrl} what="URL" label="Copy URL" />
        </p>
        <p className="muted small">
          curl, scripts and your own app call this sandbox with its keys, limits and usage. The snippets target this URL.
        </p>
      </section>
    )
  }
  if (status.state === 'answering' || status.state === 'standby' || status.state === 'connecting') {
    const url = status.apiUrl.replace(/\/$/, '')
    return (
      <section
        className={`bridge bridge-${status.state === 'connecting' ? 'pending' : 'on'}`}
        aria-label="Calls from outside the page"
        data-testid="bridge-status"
        data-state={status.state}
      >
        <p>
          <strong>{status.state === 'connecting' ? 'Connecting to the page’s server…' : 'Reachable from outside'}</strong> at{' '}
          <code data-testid="bridge-url">{url}</code> <CopyButton text={url} what="URL" label="Copy URL" />
        </p>
        <p className="muted small">
          {status.state === 'standby'
            ? 'Another tab of this playground answers outside requests; this one takes over when that tab closes. '
            : 'While this tab is open, curl, scripts and your own app can call this sandbox with its keys, limits and usage. '}
          What they send shows up in the history below, marked “outside”. The snippets target this URL.
        </p>
      </section>
    )
  }
  if (status.state === 'starting') {
    return (
      <section className="bridge bridge-pending" aria-label="Calls from outside the page" data-testid="bridge-status" data-state="starting">
        <p>Checking whether outside clients can reach this sandbox…</p>
      </section>
    )
  }
  const why =
    status.state === 'unavailable' && status.reason === 'static-host'
      ? 'this page comes from a static host, which has no server of ours to hand requests to this tab.'
      : 'the page’s server does not offer the bridge (only the dev and preview servers, npm start and npm run preview, do).'
  return (
    <section className="bridge bridge-off" aria-label="Calls from outside the page" data-testid="bridge-status" data-state={status.state}>
      <p>
        <strong>Not reachable from outside:</strong> {why}
      </p>
      <p className="small">
        For a sandbox over HTTP, run <code>{SERVE_COMMAND}</code> <CopyButton text={SERVE_COMMAND} what="the serve command" label="Copy" />:
        it answers at <code>{SERVE_API_BASE}</code> with a sandbox of its own (issue a key there). The snippets target it.
      </p>
    </section>
  )
}
