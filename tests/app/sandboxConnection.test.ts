/**
 * The playground's stores against a sandbox they reach only over its two
 * APIs, as they reach `serve` or a team workspace: a real core and the real
 * control handler behind a fetch, no workspace object handed to the page.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createJournalFeed, PAGE_MARK_HEADER } from '../../src/app/state/connection/journalFeed.ts'
import { createRemoteConnection } from '../../src/app/state/connection/remoteConnection.ts'
import { connectSandboxControls, sandboxControlsStore, sandboxTime } from '../../src/app/state/connection/sandboxControlsStore.ts'
import { type PlaygroundEvents, playgroundEvents } from '../../src/app/state/events.ts'
import { fromOutsideRequest } from '../../src/app/state/history/historyEntry.ts'
import { connectWorkspace, workspaceStore } from '../../src/app/state/keys/workspaceStore.ts'
import type { OutsideRequest } from '../../src/bridge/tab/outsideRequest.ts'
import { createControlClient } from '../../src/client/controlClient.ts'
import { ORIGIN, remoteHost } from './support/remoteHost.ts'

const DAY_MS = 86_400_000

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

describe('the playground over a host it reaches only through the API and the control API', () => {
  it('issues a key through the control API, hands its plaintext to this page once and lists it without a secret', async () => {
    const host = await remoteHost()
    stops.push(connectWorkspace(host.connection))
    const issued: PlaygroundEvents['keyIssued'][] = []
    const onIssued = (event: PlaygroundEvents['keyIssued']) => issued.push(event)
    playgroundEvents.on('keyIssued', onIssued)
    stops.push(() => playgroundEvents.off('keyIssued', onIssued))

    const summary = await workspaceStore.getState().issue({ app: 'remote-app', environment: 'test', scopes: ['status.read'] })
    expect(summary?.app).toBe('remote-app')
    expect(issued).toHaveLength(1)
    expect(issued[0]?.key).toMatch(/^svc_test_/)
    expect(host.calls).toContain('POST /_developer-sandbox/keys')
    expect(JSON.stringify(workspaceStore.getState().keys)).not.toContain(issued[0]?.key)
    // The key works against the same host's API.
    const status = await host.connection.api.call('getProjectStatus', { key: issued[0]?.key ?? '' })
    expect(status.status).toBe(200)
  })

  it('sees a reset made by another client as the keys leaving the list, and tells the key vault', async () => {
    const host = await remoteHost()
    stops.push(connectWorkspace(host.connection))
    await workspaceStore.getState().issue({ app: 'reset-app', environment: 'test', scopes: ['status.read'] })
    expect(workspaceStore.getState().keys).toHaveLength(1)
    const resets: unknown[] = []
    const onReset = (event: PlaygroundEvents['workspaceReset']) => resets.push(event)
    playgroundEvents.on('workspaceReset', onReset)
    stops.push(() => playgroundEvents.off('workspaceReset', onReset))

    await host.outside.reset()
    host.announce()
    await settle()
    expect(workspaceStore.getState().keys).toEqual([])
    expect(resets).toHaveLength(1)
  })

  it('moves the host clock and flips its faults through the control API, keeping what the page does not show', async () => {
    const host = await remoteHost()
    stops.push(connectSandboxControls(host.connection))
    await settle()
    expect(sandboxControlsStore.getState().loaded).toBe(true)
    const moves = sandboxControlsStore.getState().clockMoves

    await sandboxControlsStore.getState().jumpDays(181)
    expect(host.controls.clock.offsetMs).toBeGreaterThanOrEqual(181 * DAY_MS - 1000)
    expect(sandboxControlsStore.getState().offsetMs).toBe(host.controls.clock.offsetMs)
    expect(sandboxControlsStore.getState().clockMoves).toBe(moves + 1)
    expect(sandboxTime() - Date.now()).toBeGreaterThanOrEqual(181 * DAY_MS - 1000)

    await host.outside.setFaults({ latencyMs: 5, operations: ['getProjectStatus'] })
    host.announce()
    await settle()
    await sandboxControlsStore.getState().setFaults({ authorizationUnavailable: true })
    expect(host.controls.faults.read()).toMatchObject({ authorization: 'unavailable', latencyMs: 5, operations: ['getProjectStatus'] })
    expect(sandboxControlsStore.getState().faults).toMatchObject({ authorizationUnavailable: true, latencyMs: 5 })
  })

  it('moves a fault switch at once but claims the fault only once the host has taken it', async () => {
    const host = await remoteHost()
    stops.push(connectSandboxControls(host.connection))
    await settle()
    const release = host.hold('PUT /_developer-sandbox/faults')
    const flipped = sandboxControlsStore.getState().setFaults({ authorizationUnavailable: true })
    await settle()
    expect(sandboxControlsStore.getState().pendingFaults?.authorizationUnavailable).toBe(true)
    expect(sandboxControlsStore.getState().faults.authorizationUnavailable).toBe(false)
    expect(host.controls.faults.read().authorization).not.toBe('unavailable')
    release()
    await flipped
    expect(host.controls.faults.read().authorization).toBe('unavailable')
    expect(sandboxControlsStore.getState().faults.authorizationUnavailable).toBe(true)
    expect(sandboxControlsStore.getState().pendingFaults).toBeUndefined()
  })

  it('a read of the host that crossed a fault change does not put the switch back', async () => {
    const host = await remoteHost()
    stops.push(connectSandboxControls(host.connection))
    await settle()
    const releaseRead = host.hold('GET /_developer-sandbox/faults', { answered: true })
    const staleRead = sandboxControlsStore.getState().refresh()
    await settle()
    await sandboxControlsStore.getState().setFaults({ latencyMs: 250 })
    expect(sandboxControlsStore.getState().faults.latencyMs).toBe(250)
    releaseRead()
    await staleRead
    expect(sandboxControlsStore.getState().faults.latencyMs).toBe(250)
  })

  it('puts a refused fault switch back where the host has it', async () => {
    const host = await remoteHost()
    const connection = { ...host.connection, control: createControlClient({ url: ORIGIN, token: 'not-the-token', fetch: host.fetch }) }
    stops.push(connectSandboxControls(connection))
    await sandboxControlsStore.getState().setFaults({ authorizationUnavailable: true })
    expect(sandboxControlsStore.getState().pendingFaults).toBeUndefined()
    expect(sandboxControlsStore.getState().faults.authorizationUnavailable).toBe(false)
    expect(sandboxControlsStore.getState().error).toMatch(/token/i)
  })

  it('shows a refused control call as an error instead of throwing', async () => {
    const host = await remoteHost()
    const connection = { ...host.connection, control: createControlClient({ url: ORIGIN, token: 'not-the-token', fetch: host.fetch }) }
    stops.push(connectSandboxControls(connection))
    await sandboxControlsStore.getState().resetClock()
    expect(sandboxControlsStore.getState().error).toMatch(/token/i)
  })

  it('hands on each request another client sent, once and oldest first, naming its key by its last four, but not the page’s own', async () => {
    const host = await remoteHost()
    const { key } = await host.outside.issueKey({ app: 'journal-app', environment: 'test', scopes: ['status.read'] })
    const status = (requestId: string, headers: Record<string, string> = {}) =>
      host.fetch(`${ORIGIN}/api/developer/v1/status`, {
        headers: { Authorization: `Bearer ${key}`, 'X-Request-ID': requestId, ...headers },
      })
    const seen: OutsideRequest[] = []
    const read = createJournalFeed(host.connection.control, 'this-page', (request) => seen.push(request))
    await read()
    expect(seen).toEqual([])

    await status('from-curl-1')
    await status('from-the-page', { [PAGE_MARK_HEADER]: 'this-page' })
    await status('from-another-page', { [PAGE_MARK_HEADER]: 'another-page' })
    await status('from-curl-2')
    await read()
    await read()
    expect(seen.map((request) => request.exchange.requestId)).toEqual(['from-curl-1', 'from-another-page', 'from-curl-2'])
    expect(seen.map((request) => request.exchange.status)).toEqual([200, 200, 200])
    expect(seen.map((request) => request.keyHint)).toEqual(Array(3).fill(`…${key.slice(-4)}`))
    expect(JSON.stringify(seen)).not.toContain(key)
  })

  it('opens with what the journal already held, dated when it was answered, except what playground pages sent', async () => {
    const host = await remoteHost()
    const { key } = await host.outside.issueKey({ app: 'journal-app', environment: 'test', scopes: ['status.read'] })
    const status = (requestId: string, headers: Record<string, string> = {}) =>
      host.fetch(`${ORIGIN}/api/developer/v1/status`, {
        headers: { Authorization: `Bearer ${key}`, 'X-Request-ID': requestId, ...headers },
      })
    // A moved clock: the journal's times are the sandbox's, the history's real time.
    await host.outside.advanceClock(3 * DAY_MS)
    const before = Date.now()
    await status('curl-before-the-page')
    await status('this-browser-earlier', { [PAGE_MARK_HEADER]: 'an-earlier-load-of-this-page' })
    await status('script-before-the-page')
    const after = Date.now()
    const seen: OutsideRequest[] = []
    const read = createJournalFeed(host.connection.control, 'this-page', (request) => seen.push(request))
    await read()
    expect(seen.map((request) => request.exchange.requestId)).toEqual(['curl-before-the-page', 'script-before-the-page'])
    expect(seen.map((request) => request.keyHint)).toEqual([`…${key.slice(-4)}`, `…${key.slice(-4)}`])
    for (const request of seen) {
      expect(request.startedAt).toBeGreaterThanOrEqual(before - 5)
      expect(request.startedAt).toBeLessThanOrEqual(after + 5)
    }
    // Read again (the next tick, or the next load of the page): the same requests, the same rows.
    const again: OutsideRequest[] = []
    await createJournalFeed(host.connection.control, 'the-next-page', (request) => again.push(request))()
    expect(again.map((request) => fromOutsideRequest(request).id)).toEqual(seen.map((request) => fromOutsideRequest(request).id))
    await read()
    expect(seen).toHaveLength(2)
  })

  it('sends the admin token to the host that served the page only, and marks the page’s own API requests', async () => {
    const sent: Request[] = []
    const connection = createRemoteConnection({
      host: {
        kind: 'serve',
        label: 'serve',
        origin: 'http://127.0.0.1:4010',
        site: 'http://127.0.0.1:4010/',
        apiUrl: 'http://127.0.0.1:4010/api/developer/v1',
      },
      siteUrl: new URL('http://127.0.0.1:4010/'),
      adminToken: 'the-admin-token',
      fetch: async (input, init) => {
        sent.push(new Request(input, init))
        return Response.json({ now: new Date(0).toISOString(), offsetMs: 0 })
      },
    })
    await connection.control.getClock()
    await connection.api.call('getProjectStatus', { key: 'svc_test_key' })
    expect(sent.map((request) => new URL(request.url).origin)).toEqual(['http://127.0.0.1:4010', 'http://127.0.0.1:4010'])
    expect(sent[0]?.headers.get('authorization')).toBe('Bearer the-admin-token')
    expect(sent[0]?.headers.get(PAGE_MARK_HEADER)).toBeNull()
    expect(sent[1]?.headers.get(PAGE_MARK_HEADER)).toMatch(/^[0-9a-f-]{36}$/)
  })
})
