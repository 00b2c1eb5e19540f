import type { SandboxClient } from '../../client/sandboxClient.ts'

export interface WebhookToolsPanelProps {
  client: SandboxClient
  /** The key chosen in the key picker, if any (from the key vault). */
  apiKey: string | undefined
}

/** Placeholder for the webhook specimen tools, which another engineer builds here. */
export default function WebhookToolsPanel({ apiKey }: WebhookToolsPanelProps) {
  return (
    <section className="placeholder" aria-labelledby="webhook-tools-placeholder-title">
      <h3 id="webhook-tools-placeholder-title">Webhook specimens: coming soon</h3>
      <p>
        Create signed sandbox webhook specimens and verify their signatures step by step. Until then, use the request console with POST
        /webhooks/test.
      </p>
      <p className="muted small">
        {apiKey ? `It will use the chosen key …${apiKey.slice(-4)}.` : 'It will use the key chosen in the key picker.'}
      </p>
    </section>
  )
}

export { WebhookToolsPanel }
