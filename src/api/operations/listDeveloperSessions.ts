import type { Operation } from './types.ts'

/** GET /sessions: the operator's published catalogue, soonest first. */
export const listDeveloperSessions: Operation = {
  async run({ tx }) {
    const sessions = await tx.objectStore('sessions').getAll()
    sessions.sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : 1))
    return { body: { data: sessions } }
  },
}
