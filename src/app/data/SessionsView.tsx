import { formatDateTime } from '../ui/format.ts'
import { field, num, records, strings, text } from './guards.ts'
import { ResourceFrame } from './ResourceFrame.tsx'
import { useApiResource } from './useApiResource.ts'

/** GET /sessions: the published learning catalogue; no links, no private sessions. */
export function SessionsView() {
  const resource = useApiResource('listDeveloperSessions')
  return (
    <ResourceFrame title="Learning sessions" call="GET /sessions" resource={resource}>
      {(body) => {
        const sessions = records(field(body, 'data'))
        if (sessions.length === 0) return <p className="empty">The catalogue is empty.</p>
        return (
          <ul className="cards" data-testid="sessions">
            {sessions.map((session) => (
              <li key={text(session.id)} className="card">
                <h4>{text(session.title)}</h4>
                <p className="muted small">
                  {formatDateTime(text(session.startsAt, ''))} · {num(session.durationMinutes)} min · {text(session.format)} ·{' '}
                  {text(session.level)}
                </p>
                <p>{text(session.summary)}</p>
                <ul className="tag-list" aria-label="Topics">
                  {strings(session.topics).map((topic) => (
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
