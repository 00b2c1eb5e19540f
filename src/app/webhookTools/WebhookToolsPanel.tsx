import type { SandboxClient } from '../../client/sandboxClient.ts'

export interface WebhookToolsPanelProps {
  client: SandboxClient
  apiKey: string | undefined
}

/** Placeholder until the specimen tools land. */
export function WebhookToolsPanel(_props: WebhookToolsPanelProps) {
  return <p className="muted">Webhook specimen tools are coming.</p>
}

export default WebhookToolsPanel
