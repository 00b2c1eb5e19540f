import type { ProjectRecord, WebhookEndpointRecord } from './records.ts'

/**
 * The two or three endpoints a new project starts with, each with a different
 * latest delivery, so the webhooks view has something true to show.
 */
export function seedWebhookEndpoints(project: ProjectRecord): WebhookEndpointRecord[] {
  const created = new Date(project.createdAt).toISOString()
  const host = `${project.app}.example`
  const suffix = project.id.slice(-6)
  return [
    {
      id: `whe_${suffix}_orders`,
      projectId: project.id,
      url: `https://${host}/webhooks/sandbox`,
      description: 'Primary receiver',
      events: ['sandbox.test'],
      enabled: true,
      createdAt: created,
      latestDelivery: { status: 'succeeded', attemptedAt: created, responseStatus: 204, attempts: 1 },
    },
    {
      id: `whe_${suffix}_audit`,
      projectId: project.id,
      url: `https://audit.${host}/hooks`,
      description: 'Audit mirror (returns 500 in the sandbox)',
      events: ['sandbox.test'],
      enabled: true,
      createdAt: created,
      latestDelivery: { status: 'failed', attemptedAt: created, responseStatus: 500, attempts: 3 },
    },
    {
      id: `whe_${suffix}_staging`,
      projectId: project.id,
      url: `https://staging.${host}/webhooks`,
      description: 'Staging receiver, not yet used',
      events: ['sandbox.test'],
      enabled: false,
      createdAt: created,
      latestDelivery: { status: 'never_attempted', attemptedAt: null, responseStatus: null, attempts: 0 },
    },
  ]
}
