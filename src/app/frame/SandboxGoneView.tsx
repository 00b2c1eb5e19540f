import type { SandboxHost } from '../state/connection/sandboxConnection.ts'

/** Says that the sandbox this page manages no longer exists, in the host's words, and what brings it back. */
export function SandboxGoneView({ host, reason }: { host: Exclude<SandboxHost, { kind: 'tab' }>; reason: string }) {
  return (
    <section className="runtime-problem" role="alert" aria-labelledby="sandbox-gone-title" data-testid="sandbox-gone">
      <h2 id="sandbox-gone-title">{host.kind === 'workspace' ? `The workspace "${host.name}" is gone` : 'This sandbox is gone'}</h2>
      <p>{reason}</p>
      <p>
        Its keys, usage and request journal went with it, and this page no longer asks the host about it. An admin can create the workspace
        again under the same name (a new, empty one); then reload this page.
      </p>
      <button type="button" className="primary" onClick={() => location.reload()}>
        Reload
      </button>
    </section>
  )
}
