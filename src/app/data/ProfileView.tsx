import { formatDateTime } from '../ui/format.ts'
import { field, records, text } from './guards.ts'
import { ResourceFrame } from './ResourceFrame.tsx'
import { useApiResource } from './useApiResource.ts'

/** GET /profile: the project's identity and the data boundaries that no key can cross. */
export function ProfileView() {
  const resource = useApiResource('getDeveloperProfile')
  return (
    <ResourceFrame title="Developer profile" call="GET /profile" resource={resource}>
      {(body) => {
        const project = field(body, 'project')
        const boundaries = field(body, 'dataBoundaries')
        return (
          <>
            <dl className="facts">
              <div>
                <dt>Display name</dt>
                <dd>{text(field(project, 'displayName'))}</dd>
              </div>
              <div>
                <dt>Project created</dt>
                <dd>{formatDateTime(text(field(project, 'createdAt'), ''))}</dd>
              </div>
              <div>
                <dt>Private account data</dt>
                <dd>
                  {field(boundaries, 'privateAccountData') === false ? 'Never exposed' : text(field(boundaries, 'privateAccountData'))}
                </dd>
              </div>
            </dl>
            <div className="boundaries">
              <div>
                <h4>Open to manifests</h4>
                <ul>
                  {records(field(boundaries, 'open')).map((item) => (
                    <li key={text(item.scope)}>
                      <code>{text(item.scope)}</code> {text(item.opens)}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h4>Always closed</h4>
                <ul>
                  {records(field(boundaries, 'closed')).map((item) => (
                    <li key={text(item.category)}>
                      <strong>{text(item.category)}</strong>: {text(item.reason)}
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
