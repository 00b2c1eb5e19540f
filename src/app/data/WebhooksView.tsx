import { formatCount, formatDateTime } from '../ui/format.ts'
import { ResourceFrame } from './ResourceFrame.tsx'
import { useApiResource } from './useApiResource.ts'

const DELIVERY_TEXT: Record<string, string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  pending: 'Pending',
  never_attempted: 'Never attempted',
}

/** GET /webhooks: the project's own endpoints with their latest delivery. */
export function WebhooksView() {
  const resource = useApiResource('listWebhookEndpoints')
  return (
    <ResourceFrame title="Webhook endpoints" call="GET /webhooks" resource={resource}>
      {(body) => {
        const endpoints = body.data
        if (endpoints.length === 0) return <p className="empty">This project has no webhook endpoints.</p>
        return (
          <div className="table-scroll">
            <table data-testid="webhooks">
              <thead>
                <tr>
                  <th scope="col">Endpoint</th>
                  <th scope="col">Events</th>
                  <th scope="col">Enabled</th>
                  <th scope="col">Latest delivery</th>
                </tr>
              </thead>
              <tbody>
                {endpoints.map((endpoint) => {
                  const delivery = endpoint.latestDelivery
                  const { status, attemptedAt, responseStatus } = delivery
                  return (
                    <tr key={endpoint.id}>
                      <th scope="row">
                        <code className="break">{endpoint.url}</code>
                        <div className="muted small">{endpoint.description}</div>
                      </th>
                      <td>{endpoint.events.join(', ')}</td>
                      <td>{endpoint.enabled ? 'Yes' : 'No'}</td>
                      <td>
                        <span className={`badge delivery-${status}`}>{DELIVERY_TEXT[status] ?? status}</span>
                        {/* A delivery never attempted has nothing more to say than its badge. */}
                        {attemptedAt === null && delivery.attempts === 0 ? null : (
                          <div className="muted small">
                            {attemptedAt === null ? 'no attempt yet' : formatDateTime(attemptedAt)}
                            {responseStatus === null ? '' : ` · HTTP ${responseStatus}`} · {formatCount(delivery.attempts, 'attempt')}
                          </div>
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )
      }}
    </ResourceFrame>
  )
}
