/**
 * The documented check order, pairwise: request id → route → 413 → 401/503 →
 * 429 → 403 → 400 → 422 → 200. Each case breaks two (or more) rules at once
 * and expects the earlier one to answer.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SCOPES } from '../../src/api/index.ts'
import { expectProblem, VALID_MANIFEST } from './support/contract.ts'
import { BASE, makeSandbox } from './support/harness.ts'

const DAY_MS = 86_400_000
const OVERSIZED = JSON.stringify({ manifest: { ...VALID_MANIFEST, summary: 'x'.repeat(70_000) } })
const MALFORMED = '{"manifest": '
const INVALID_MANIFEST = JSON.stringify({ manifest: { ...VALID_MANIFEST, schema: 'service.tool/v2' } })
const UNKNOWN_PROPERTY_AND_INVALID_MANIFEST = JSON.stringify({ manifest: { schema: 'nope' }, extra: 1 })
const GOOD_BODY = JSON.stringify({ manifest: VALID_MANIFEST })
const UNKNOWN_KEY = `svc_test_${'U'.repeat(43)}`

async function world() {
  let authorization: 'ok' | 'unavailable' = 'ok'
  const harness = await makeSandbox({ faults: () => ({ authorization }) })
  const { clock, issue, sandbox } = harness
  const expired = await issue()
  clock.advance(180 * DAY_MS)
  const full = await issue()
  const revoked = await issue()
  await sandbox.workspace.revokeKey(revoked.id)
  const noScope = await issue(SCOPES.filter((scope) => scope !== 'tools.validate'))
  const limited = await issue(SCOPES.filter((scope) => scope !== 'tools.validate'))
  for (let i = 0; i < 120; i++) await harness.call('/status', { key: limited.key })
  return {
    keys: { expired: expired.key, full: full.key, revoked: revoked.key, noScope: noScope.key, limited: limited.key, unknown: UNKNOWN_KEY },
    storeDown: (down: boolean) => {
      authorization = down ? 'unavailable' : 'ok'
    },
    send: async (request: { method?: string; path?: string; key?: string; body?: string; contentType?: string; requestId?: string }) => {
      const headers = new Headers()
      if (request.key) headers.set('Authorization', `Bearer ${request.key}`)
      if (request.body !== undefined) headers.set('Content-Type', request.contentType ?? 'application/json')
      if (request.requestId !== undefined) headers.set('X-Request-ID', request.requestId)
      const response = await sandbox.handle(
        new Request(`${BASE}${request.path ?? '/tools/validate'}`, { method: request.method ?? 'POST', headers, body: request.body }),
      )
      return { status: response.status, headers: response.headers, body: (await response.json()) as unknown }
    },
  }
}

type World = Awaited<ReturnType<typeof world>>
type Case = [name: string, status: number, code: string, run: (w: World) => ReturnType<World['send']>]

const CASES: Case[] = [
  ['bad X-Request-ID before unknown path', 400, 'invalid_request_id', (w) => w.send({ path: '/nope', requestId: 'no spaces' })],
  [
    'bad X-Request-ID before 413 and a missing key',
    400,
    'invalid_request_id',
    (w) => w.send({ body: OVERSIZED, requestId: 'x'.repeat(129) }),
  ],
  ['unknown path before 413 and a missing key', 404, 'not_found', (w) => w.send({ path: '/tools/check', body: OVERSIZED })],
  [
    'wrong method before a missing key and a query',
    405,
    'method_not_allowed',
    (w) => w.send({ method: 'GET', path: '/tools/validate?x=1' }),
  ],
  ['413 before a missing key', 413, 'payload_too_large', (w) => w.send({ body: OVERSIZED })],
  ['413 before a revoked key', 413, 'payload_too_large', (w) => w.send({ key: w.keys.revoked, body: OVERSIZED })],
  [
    '413 before an unavailable store',
    413,
    'payload_too_large',
    (w) => {
      w.storeDown(true)
      return w.send({ key: w.keys.full, body: OVERSIZED })
    },
  ],
  [
    '401 for a missing key even with the store down',
    401,
    'key_missing',
    (w) => {
      w.storeDown(true)
      return w.send({ body: MALFORMED })
    },
  ],
  [
    '503 for a key that cannot be checked, before a bad body',
    503,
    'authorization_unavailable',
    (w) => {
      w.storeDown(true)
      return w.send({ key: w.keys.full, body: MALFORMED })
    },
  ],
  ['401 unknown key before a bad body', 401, 'key_invalid', (w) => w.send({ key: w.keys.unknown, body: MALFORMED })],
  ['401 revoked before a bad body', 401, 'key_revoked', (w) => w.send({ key: w.keys.revoked, body: MALFORMED })],
  [
    '401 expired before a bad body and a query',
    401,
    'key_expired',
    (w) => w.send({ path: '/tools/validate?q', key: w.keys.expired, body: MALFORMED }),
  ],
  ['429 before a missing scope', 429, 'rate_limited', (w) => w.send({ key: w.keys.limited, body: GOOD_BODY })],
  ['429 before a bad body', 429, 'rate_limited', (w) => w.send({ key: w.keys.limited, body: MALFORMED })],
  ['403 before a bad body', 403, 'scope_missing', (w) => w.send({ key: w.keys.noScope, body: MALFORMED })],
  [
    '403 before a query parameter',
    403,
    'scope_missing',
    (w) => w.send({ path: '/tools/validate?x=1', key: w.keys.noScope, body: GOOD_BODY }),
  ],
  ['403 before an invalid manifest', 403, 'scope_missing', (w) => w.send({ key: w.keys.noScope, body: INVALID_MANIFEST })],
  [
    '400 query parameter before an invalid manifest',
    400,
    'unknown_query_parameter',
    (w) => w.send({ path: '/tools/validate?x=1', key: w.keys.full, body: INVALID_MANIFEST }),
  ],
  [
    '400 content type before an invalid manifest',
    400,
    'invalid_content_type',
    (w) => w.send({ key: w.keys.full, body: INVALID_MANIFEST, contentType: 'text/plain' }),
  ],
  [
    '400 unknown body property before an invalid manifest',
    400,
    'invalid_body',
    (w) => w.send({ key: w.keys.full, body: UNKNOWN_PROPERTY_AND_INVALID_MANIFEST }),
  ],
  [
    '422 for an invalid manifest with everything else right',
    422,
    'manifest_invalid',
    (w) => w.send({ key: w.keys.full, body: INVALID_MANIFEST }),
  ],
]

describe('check order', () => {
  // One world for every case: building it spends 120 requests on the limited key.
  let w: World
  beforeAll(async () => {
    w = await world()
  })
  beforeEach(() => {
    w.storeDown(false)
  })

  it.each(CASES)('answers %s (%i %s)', async (_name, status, code, run) => {
    expectProblem(await run(w), status, code)
  })

  it('answers 200 when every check passes', async () => {
    expect((await w.send({ key: w.keys.full, body: GOOD_BODY })).status).toBe(200)
  })

  it('reports a 403 the same way whatever the body, so an unscoped key learns nothing about the validator', async () => {
    const bodies = [GOOD_BODY, MALFORMED, INVALID_MANIFEST, UNKNOWN_PROPERTY_AND_INVALID_MANIFEST]
    const answers = await Promise.all(bodies.map((body) => w.send({ key: w.keys.noScope, body, requestId: 'same' })))
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body)
  })
})
