/**
 * Webhook specimen tools: create a signed specimen through the API, verify
 * any webhook in the browser with `standardwebhooks` (and see why a tampered
 * one fails), and take a Node snippet that verifies it the same way.
 */
import type { Scope } from '../../api/core.ts'
import type { SandboxClient } from '../../client/sandboxClient.ts'
import { useKeyAccess } from '../state/keys/useKeyAccess.ts'
import { useKeyGate } from '../state/keys/useKeyGate.ts'
import { KeyGate } from '../ui/KeyGate.tsx'
import { NodeSnippet } from './NodeSnippet.tsx'
import { SpecimenCreator } from './SpecimenCreator.tsx'
import { SpecimenView } from './SpecimenView.tsx'
import { useSpecimenStore } from './specimenStore.ts'
import { VerifyPanel } from './VerifyPanel.tsx'
import './webhookTools.css'

const SPECIMEN_SCOPES: readonly Scope[] = ['webhooks.test']

export interface WebhookToolsPanelProps {
  client: SandboxClient
  /** The selected key's plaintext, from the tab's key vault. */
  apiKey: string | undefined
}

export function WebhookToolsPanel({ client, apiKey }: WebhookToolsPanelProps) {
  const access = useKeyAccess(apiKey, SPECIMEN_SCOPES)
  const gate = useKeyGate(access, { purpose: 'create webhook specimens', scopes: SPECIMEN_SCOPES, label: 'Webhook specimens' })
  const specimen = useSpecimenStore((state) => state.specimen)
  return (
    <div className="webhook-tools">
      <section className="webhook-card" aria-labelledby="specimen-create-title">
        <h3 id="specimen-create-title">Create a specimen</h3>
        <p className="muted small">
          POST /webhooks/test signs a sample event the Standard Webhooks way and returns it with its secret. Nothing is delivered.
        </p>
        {gate ? <KeyGate {...gate} /> : null}
        <SpecimenCreator client={client} apiKey={apiKey} disabled={access.kind !== 'ok'} />
        {specimen ? <SpecimenView body={specimen} /> : null}
      </section>
      <section className="webhook-card">
        <VerifyPanel />
      </section>
      {specimen ? (
        <section className="webhook-card" aria-labelledby="specimen-node-title">
          <h3 id="specimen-node-title">Verify it in Node</h3>
          <NodeSnippet body={specimen} />
        </section>
      ) : null}
    </div>
  )
}

export default WebhookToolsPanel
