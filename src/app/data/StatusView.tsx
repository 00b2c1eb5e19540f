import { formatDateTime } from '../ui/format.ts'
import { ResourceFrame } from './ResourceFrame.tsx'
import { useApiResource } from './useApiResource.ts'

/** GET /status: which project and environment the key opens, and what it may do. */
export function StatusView() {
  const resource = useApiResource('getProjectStatus')
  return (
    <ResourceFrame title="Project status" call="GET /status" resource={resource}>
      {(body) => (
        <dl className="facts" data-testid="status-facts">
          <div>
            <dt>Project</dt>
            <dd>
              <code>{body.project.id}</code> ({body.project.app})
            </dd>
          </div>
          <div>
            <dt>Environment</dt>
            <dd>{body.environment}</dd>
          </div>
          <div>
            <dt>API version</dt>
            <dd>
              <code>{body.apiVersion}</code>
            </dd>
          </div>
          <div>
            <dt>Key</dt>
            <dd>
              …{body.key.lastFour}, expires {formatDateTime(body.key.expiresAt)}
            </dd>
          </div>
          <div className="wide">
            <dt>Granted scopes</dt>
            <dd>
              <ul className="scope-list">
                {body.scopes.map((scope) => (
                  <li key={scope}>
                    <code>{scope}</code>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
      )}
    </ResourceFrame>
  )
}
