import { arrayOf, bool, dateTime, int, list, nullable, obj, str } from '../contract/schemaParts.ts'
import { DELIVERY_STATUSES } from '../store/records.ts'
import { defineOperation } from './defineOperation.ts'

/** GET /webhooks: this project's own endpoints and their latest delivery. */
export const listWebhookEndpoints = defineOperation({
  operationId: 'listWebhookEndpoints',
  method: 'GET',
  path: '/webhooks',
  scope: 'webhooks.read',
  tag: 'webhooks',
  body: 'none',
  title: 'List the webhook endpoints',
  summary: "The project's own endpoints with their latest delivery status.",
  response: list(
    obj({
      id: str,
      url: { type: 'string', format: 'uri' },
      description: str,
      events: arrayOf(str),
      enabled: bool,
      createdAt: dateTime,
      latestDelivery: obj({
        status: { enum: DELIVERY_STATUSES },
        attemptedAt: nullable(dateTime),
        responseStatus: nullable({ type: 'integer' }),
        attempts: int,
      }),
    }),
  ),
  async run({ tx, key }) {
    const endpoints = await tx.objectStore('webhookEndpoints').index('byProject').getAll(key.projectId)
    endpoints.sort((a, b) => (a.id < b.id ? -1 : 1))
    return { data: endpoints.map(({ projectId: _projectId, ...endpoint }) => endpoint) }
  },
})
