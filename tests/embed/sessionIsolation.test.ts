/**
 * The embed worker serves every example of every docs page from one
 * registry, one session per frame: what one example does (a spent rate
 * window, a moved clock, its usage) never reaches another.
 */
import { describe, expect, it } from 'vitest'
import { RATE_LIMIT } from '../../src/api/core.ts'
import { answerSessionCall, readSessionCall, SESSION_MESSAGE } from '../../src/embed/runtime/sessionProtocol.ts'
import { createSessionRegistry } from '../../src/embed/runtime/sessionRegistry.ts'

const STATUS = 'http://127.0.0.1/api/developer/v1/status'
const USAGE = 'http://127.0.0.1/api/developer/v1/usage'

function get(url: string, key: string): Request {
  return new Request(url, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } })
}

async function keyOf(reply: Awaited<ReturnType<typeof answerSessionCall>>): Promise<string> {
  if (!reply.ok || !reply.key) throw new Error(`Failed to get a key: ${JSON.stringify(reply)}`)
  return reply.key.key
}

describe('embed sessions on one page', () => {
  it('"rate-limited" spending its whole window leaves "get-status" with all of its own', async () => {
    const registry = createSessionRegistry()
    const limited = await keyOf(await answerSessionCall(registry, 'frame-rate-limited', { op: 'acquire', scopes: ['status.read'] }))
    const status = await keyOf(await answerSessionCall(registry, 'frame-get-status', { op: 'acquire', scopes: ['status.read'] }))
    const spender = registry.session('frame-rate-limited')
    for (let sent = 0; sent < RATE_LIMIT; sent++) expect((await spender.handle(get(STATUS, limited))).status).toBe(200)
    expect((await spender.handle(get(STATUS, limited))).status).toBe(429)

    const other = await registry.session('frame-get-status').handle(get(STATUS, status))
    expect(other.status).toBe(200)
    expect(other.headers.get('ratelimit-remaining') ?? other.headers.get('x-ratelimit-remaining')).toBe(String(RATE_LIMIT - 1))
  })

  it("a key of one example is unknown to another's sandbox", async () => {
    const registry = createSessionRegistry()
    const mine = await keyOf(await answerSessionCall(registry, 'a', { op: 'acquire', scopes: ['status.read'] }))
    await answerSessionCall(registry, 'b', { op: 'acquire', scopes: ['status.read'] })
    const response = await registry.session('b').handle(get(STATUS, mine))
    expect(response.status).toBe(401)
  })

  it("moves only the calling example's clock", async () => {
    const registry = createSessionRegistry()
    const expiring = await keyOf(await answerSessionCall(registry, 'expired', { op: 'acquire', scopes: ['status.read'] }))
    const steady = await keyOf(await answerSessionCall(registry, 'steady', { op: 'acquire', scopes: ['status.read'] }))
    await answerSessionCall(registry, 'expired', { op: 'clock', offsetMs: 181 * 86_400_000 })
    expect((await registry.session('expired').handle(get(STATUS, expiring))).status).toBe(401)
    expect((await registry.session('steady').handle(get(STATUS, steady))).status).toBe(200)
  })

  it("counts usage per example: another example's requests are not in its 30 days", async () => {
    const registry = createSessionRegistry()
    const busy = await keyOf(await answerSessionCall(registry, 'busy', { op: 'acquire', scopes: ['status.read'] }))
    const reader = await keyOf(await answerSessionCall(registry, 'usage', { op: 'acquire', scopes: ['usage.read'] }))
    for (let sent = 0; sent < 5; sent++) await registry.session('busy').handle(get(STATUS, busy))
    const usage = (await (await registry.session('usage').handle(get(USAGE, reader))).json()) as {
      totals: { requests: number }
      operations: Record<string, { requests: number }>
    }
    expect(usage.operations.getProjectStatus?.requests).toBe(0)
    expect(usage.totals.requests).toBe(1)
  })

  it('issues each key with exactly the scopes asked, for the docs-embed app', async () => {
    const registry = createSessionRegistry()
    await answerSessionCall(registry, 'a', { op: 'acquire', scopes: ['tools.validate'] })
    const reply = await answerSessionCall(registry, 'a', { op: 'keys' })
    expect(reply.ok && reply.keys).toEqual([{ app: 'docs-embed', scopes: ['tools.validate'], status: 'active' }])
  })

  it('forgets the sessions of frames that are gone', async () => {
    const registry = createSessionRegistry()
    registry.session('kept')
    registry.session('gone')
    expect(registry.prune(new Set(['kept']))).toBe(1)
    expect(registry.size).toBe(1)
  })
})

describe('session messages', () => {
  it('reads only well-formed calls with known scopes', () => {
    const call = (body: unknown) => readSessionCall({ type: SESSION_MESSAGE, call: body })
    expect(call({ op: 'acquire', scopes: ['status.read'], renew: true })).toEqual({ op: 'acquire', scopes: ['status.read'], renew: true })
    expect(call({ op: 'acquire', scopes: ['status.read', 'admin.everything'] })).toBeUndefined()
    expect(call({ op: 'clock', offsetMs: Number.NaN })).toBeUndefined()
    expect(call({ op: 'eval', code: '1' })).toBeUndefined()
    expect(readSessionCall({ type: 'other', call: { op: 'release' } })).toBeUndefined()
    expect(readSessionCall('release')).toBeUndefined()
  })
})
