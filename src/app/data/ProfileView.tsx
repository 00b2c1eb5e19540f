import { formatDateTime } from '../ui/format.ts'
import { ResourceFrame } from './ResourceFrame.tsx'
import { useApiResource } from './useApiResource.ts'

/** GET /profile: the project's identity and the data boundaries that no key can cross. */
export function ProfileView() {
  const resource = useApiResource('getDeveloperProfile')
  return (
    <ResourceFrame title="Developer profile" call="GET /profile" resource={resource}>
      {(body) => {
        const { project, dataBoundaries: boundaries } = body
        return (
          <>
            <dl className="facts">
              <div>
                <dt>Display name</dt>
                <dd>{project.displayName}</dd>
              </div>
              <div>
                <dt>Project created</dt>
                <dd>{formatDateTime(project.createdAt)}</dd>
              </div>
              <div>
                <dt>Private account data</dt>
                <dd>{boundaries.privateAccountData === false ? 'Never exposed' : String(boundaries.privateAccountData)}</dd>
              </div>
            </dl>
            <div className="boundaries">
              <div>
                <h4>Open to manifests</h4>
                <ul>
                  {boundaries.open.map((item) => (
                    <li key={item.scope}>
                      <code>{item.scope}</code> {item.opens}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h4>Always closed</h4>
                <ul>
                  {boundaries.closed.map((item) => (
                    <li key={item.category}>
                      <strong>{item.category}</strong>: {item.reason}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </>
        )
      }}
    </ResourceFrame>
  )
}
