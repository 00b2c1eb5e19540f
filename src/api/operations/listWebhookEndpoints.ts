import type { Operation } from './types.ts'

/** GET /webhooks: this project's own endpoints and their latest delivery. */
export const listWebhookEndpoints: Operation = {
  async run({ tx, key }) {
    const endpoints = await tx.objectStore('webhookEndpoints').index('byProject').getAll(key.projectId)
    endpoints.sort((a, b) => (a.id < b.id ? -1 : 1))
    return { body: { data: endpoints.map(({ projectId: _projectId, ...endpoint }) => endpoint) } }
  },
}
