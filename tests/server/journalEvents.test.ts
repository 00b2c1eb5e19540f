/**
 * serve tells its playground that the journal grew over an event stream, and
 * the page follows it: a signal per turn of the event loop, behind the admin
 * token, which travels in a header and never in the URL.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { followJournalSignal } from '../../src/app/state/connection/journalSignal.ts'
import { JOURNAL_EVENTS_PATH, JournalEvents } from '../../src/server/journalEvents.ts'

const TOKEN = 'journal-events-admin-token'
const servers: Server[] = []

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A server that answers the stream the way serve does, and reports each request's URL and headers. */
async function streamServer(events: JournalEvents): Promise<{ url: URL; seen: { url: string; authorization: string | undefined }[] }> {
  const seen: { url: string; authorization: string | undefined }[] = []
  const server = createServer((incoming, outgoing) => {
    seen.push({ url: incoming.url ?? '', authorization: incoming.headers.authorization })
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value)
    void events.answer(new Request(`http://127.0.0.1${incoming.url}`, { method: incoming.method ?? 'GET', headers }), outgoing)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: new URL(JOURNAL_EVENTS_PATH, `http://127.0.0.1:${port}`), seen }
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5000
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Failed to see the condition within 5 s')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('the journal signal', () => {
  it('refuses a caller without the admin token, and any method but GET', async () => {
    const events = new JournalEvents(() => TOKEN)
    const { url } = await streamServer(events)
    const missing = await fetch(url)
    expect(missing.status).toBe(401)
    expect(((await missing.json()) as { code: string }).code).toBe('admin_token_missing')
    const wrong = await fetch(url, { headers: { Authorization: 'Bearer wrong' } })
    expect(((await wrong.json()) as { code: string }).code).toBe('admin_token_invalid')
    const posted = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(posted.status).toBe(405)
    expect(posted.headers.get('allow')).toBe('GET')
    expect(events.open).toBe(0)
  })

  it('signals a follower once when it opens and once per burst of answers, and ends when the follower stops', async () => {
    const events = new JournalEvents(() => TOKEN)
    const { url, seen } = await streamServer(events)
    let signals = 0
    let live = false
    const stop = followJournalSignal({
      url,
      adminToken: TOKEN,
      fetch,
      onSignal: () => {
        signals += 1
      },
      onLive: (now) => {
        live = now
      },
    })
    await until(() => live && events.open === 1)
    expect(signals).toBe(1)

    for (let request = 0; request < 50; request++) events.grew()
    await until(() => signals === 2)
    events.grew()
    await until(() => signals === 3)
    expect(seen).toEqual([{ url: JOURNAL_EVENTS_PATH, authorization: `Bearer ${TOKEN}` }])

    stop()
    await until(() => events.open === 0)
  })

  it('stops asking a host that refuses the stream, so the page polls instead', async () => {
    const events = new JournalEvents(() => TOKEN)
    const { url, seen } = await streamServer(events)
    let live: boolean | undefined
    followJournalSignal({ url, adminToken: 'not-the-token', fetch, onSignal: () => {}, onLive: (now) => (live = now), retryMs: 10 })
    await until(() => live === false)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen).toHaveLength(1)
  })
})
