/**
 * A team workspace deleted under an open page: the page hears it once from
 * the host's own answer and stops asking, instead of polling a sandbox that
 * will never answer again.
 */
import { describe, expect, it } from 'vitest'
import { createRemoteConnection, sandboxGoneBeforeToken } from '../../src/app/state/connection/remoteConnection.ts'

const SITE = new URL('http://127.0.0.1:8787/workspaces/pr-42/')
const DETAIL = 'Failed to find the workspace "pr-42": the admin has not created it, or it was deleted.'
const goneAnswer = () =>
  new Response(JSON.stringify({ status: 404, code: 'workspace_not_found', detail: DETAIL }), {
    status: 404,
    headers: { 'Content-Type': 'application/problem+json' },
  })

/** A workspace host that answers every call until `remove()`, then only that it is gone; counts the calls. */
function workspaceHost() {
  let removed = false
  const calls: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    calls.push(`${request.method} ${new URL(request.url).pathname}`)
    if (removed) return goneAnswer()
    const path = new URL(request.url).pathname
    if (path.endsWith('/clock')) return Response.json({ now: new Date().toISOString(), offsetMs: 0 })
    if (path.endsWith('/requests')) return Response.json({ requests: [] })
    return Response.json([])
  }
  return {
    fetch,
    calls,
    remove: () => {
      removed = true
    },
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a sandbox that is gone', () => {
  it('is said once, in the host’s words, and the page stops re-reading it', async () => {
    const host = workspaceHost()
    const connection = createRemoteConnection({
      host: {
        kind: 'workspace',
        label: 'workspace pr-42',
        origin: SITE.origin,
        site: SITE.href,
        apiUrl: `${SITE.href}api/developer/v1`,
        name: 'pr-42',
      },
      siteUrl: SITE,
      adminToken: 'the-admin-token',
      pollMs: 10,
      journalPollMs: 10,
      fetch: host.fetch,
    })
    const reasons: string[] = []
    connection.onGone((reason) => reasons.push(reason))
    connection.onChange(() => void connection.control.getClock().catch(() => {}))
    connection.onOutsideRequest(() => {})
    await wait(60)
    expect(host.calls.length).toBeGreaterThan(3)
    host.remove()
    await wait(60)
    expect(reasons).toEqual([DETAIL])
    const afterGone = host.calls.length
    await wait(150)
    expect(host.calls.length).toBe(afterGone)
    // A listener that comes later hears it at once.
    const late: string[] = []
    connection.onGone((reason) => late.push(reason))
    expect(late).toEqual([DETAIL])
  })

  it('is found before any token is asked for, from the host’s answer for its OpenAPI document', async () => {
    expect(await sandboxGoneBeforeToken(SITE, async () => goneAnswer())).toBe(DETAIL)
    expect(await sandboxGoneBeforeToken(SITE, async () => Response.json({ openapi: '3.1.0' }))).toBeUndefined()
    // Any other 404 (a host without the document) is not "gone".
    const routeMissing = new Response(JSON.stringify({ code: 'route_not_found' }), {
      status: 404,
      headers: { 'Content-Type': 'application/problem+json' },
    })
    expect(await sandboxGoneBeforeToken(SITE, async () => routeMissing)).toBeUndefined()
    expect(await sandboxGoneBeforeToken(SITE, async () => Promise.reject(new Error('offline')))).toBeUndefined()
  })
})
