import { formatCount, formatDateTime } from '../ui/format.ts'
import { field, num, records, strings, text } from './guards.ts'
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
        const endpoints = records(field(body, 'data'))
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
                  const delivery = field(endpoint, 'latestDelivery')
                  const status = text(field(delivery, 'status'), 'unknown')
                  const attemptedAt = field(delivery, 'attemptedAt')
                  const responseStatus = field(delivery, 'responseStatus')
                  return (
                    <tr key={text(endpoint.id)}>
                      <th scope="row">
                        <code className="break">{text(endpoint.url)}</code>
                        <div className="muted small">{text(endpoint.description, '')}</div>
                      </th>
                      <td>{strings(endpoint.events).join(', ')}</td>
                      <td>{endpoint.enabled === true ? 'Yes' : 'No'}</td>
                      <td>
                        <span className={`badge delivery-${status}`}>{DELIVERY_TEXT[status] ?? status}</span>
                        <div className="muted small">
                          {typeof attemptedAt === 'string' ? formatDateTime(attemptedAt) : 'no attempt yet'}
                          {typeof responseStatus === 'number' ? ` · HTTP ${responseStatus}` : ''} ·{' '}
                          {formatCount(num(field(delivery, 'attempts')), 'attempt')}
                        </div>
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
