import { formatDateTime } from '../ui/format.ts'
import { ResourceFrame } from './ResourceFrame.tsx'
import { useApiResource } from './useApiResource.ts'

/** GET /sessions: the published learning catalogue; no links, no private sessions. */
export function SessionsView() {
  const resource = useApiResource('listDeveloperSessions')
  return (
    <ResourceFrame title="Learning sessions" call="GET /sessions" resource={resource}>
      {(body) => {
        const sessions = body.data
        if (sessions.length === 0) return <p className="empty">The catalogue is empty.</p>
        return (
          <ul className="cards" data-testid="sessions">
            {sessions.map((session) => (
              <li key={session.id} className="card">
                <h4>{session.title}</h4>
                <p className="muted small">
                  {formatDateTime(session.startsAt)} · {session.durationMinutes} min · {session.format} · {session.level}
                </p>
                <p>{session.summary}</p>
                <ul className="tag-list" aria-label="Topics">
                  {session.topics.map((topic) => (
                    <li key={topic}>{topic}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )
      }}
    </ResourceFrame>
  )
}
