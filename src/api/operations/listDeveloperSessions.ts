import { arrayOf, dateTime, int, list, obj, str } from '../contract/schemaParts.ts'
import { defineOperation } from './defineOperation.ts'

/** GET /sessions: the operator's published catalogue, soonest first. */
export const listDeveloperSessions = defineOperation({
  operationId: 'listDeveloperSessions',
  method: 'GET',
  path: '/sessions',
  scope: 'sessions.read',
  tag: 'developer',
  body: 'none',
  title: 'List the learning sessions',
  summary: 'The published learning catalogue: no access links, no private sessions.',
  response: list(
    obj({
      id: str,
      title: str,
      summary: str,
      startsAt: dateTime,
      durationMinutes: int,
      format: { enum: ['live-online', 'recorded', 'workshop'] },
      level: { enum: ['introductory', 'intermediate', 'advanced'] },
      topics: arrayOf(str),
    }),
  ),
  async run({ tx }) {
    const sessions = await tx.objectStore('sessions').getAll()
    sessions.sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : 1))
    return { data: sessions }
  },
})
