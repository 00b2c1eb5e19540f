/** Every operation against every key state, and every operation's scope. */
import { describe, expect, it } from 'vitest'
import { OPERATIONS, SCOPES } from '../../src/api/index.ts'
import { expectProblem, rateHeaders, validRequest } from './support/contract.ts'
import { makeSandbox } from './support/harness.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const LIFETIME_MS = 180 * DAY_MS
/** Well-formed (svc_test_ + 43 base64url characters) but never issued. */
const UNKNOWN_KEY = `svc_test_${'A'.repeat(43)}`

describe.each(OPERATIONS)('$method $path ($operationId)', (operation) => {
  const request = validRequest(operation)

  it('answers an active key with 200 and JSON', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const result = await call(operation.path, { key, ...request })
    expect(result.status).toBe(200)
    expect(result.headers.get('Content-Type')).toBe('application/json')
    expect(result.headers.get('X-Request-ID')).toMatch(/^[0-9a-f-]{36}$/)
    expect(rateHeaders(result.headers)).toMatchObject({ limit: 120, remaining: 119 })
  })

  it('accepts a key one millisecond before its 180th day and refuses it with 401 key_expired at exactly issue + 180 days', async () => {
    const { call, issue, clock } = await makeSandbox()
    const issuedAt = clock.now()
    const { key, expiresAt } = await issue()
    expect(Date.parse(expiresAt)).toBe(issuedAt + LIFETIME_MS)
    clock.set(issuedAt + LIFETIME_MS - 1)
    expect((await call(operation.path, { key, ...request })).status).toBe(200)
    clock.set(issuedAt + LIFETIME_MS)
    const refused = expectProblem(await call(operation.path, { key, ...request }), 401, 'key_expired')
    expect(refused.detail).toContain(new Date(issuedAt + LIFETIME_MS).toISOString())
    clock.advance(365 * DAY_MS)
    expectProblem(await call(operation.path, { key, ...request }), 401, 'key_expired')
  })

  it('refuses a revoked key with 401 key_revoked, at once and for good', async () => {
    const { call, issue, sandbox } = await makeSandbox()
    const { id, key } = await issue()
    expect((await call(operation.path, { key, ...request })).status).toBe(200)
    await sandbox.workspace.revokeKey(id)
    expectProblem(await call(operation.path, { key, ...request }), 401, 'key_revoked')
  })

  it('refuses a request without Authorization with 401 key_missing', async () => {
    const { call } = await makeSandbox()
    expectProblem(await call(operation.path, request), 401, 'key_missing')
    expectProblem(await call(operation.path, { ...request, headers: { ...request.headers, Authorization: '   ' } }), 401, 'key_missing')
  })

  it.each([
    ['an unknown well-formed key', `Bearer ${UNKNOWN_KEY}`],
    ['a key one character short', `Bearer ${UNKNOWN_KEY.slice(0, -1)}`],
    ['a key one character long', `Bearer ${UNKNOWN_KEY}A`],
    ['a live-looking key', `Bearer svc_live_${'A'.repeat(43)}`],
    ['a key with a character outside base64url', `Bearer svc_test_${'A'.repeat(42)}+`],
    ['the Basic scheme', `Basic ${btoa('user:pass')}`],
    ['a bearer scheme with no token', 'Bearer'],
    ['two tokens', `Bearer ${UNKNOWN_KEY} ${UNKNOWN_KEY}`],
  ])('refuses %s with 401 key_invalid', async (_name, authorization) => {
    const { call } = await makeSandbox()
    expectProblem(
      await call(operation.path, { ...request, headers: { ...request.headers, Authorization: authorization } }),
      401,
      'key_invalid',
    )
  })

  it(`refuses a key without "${operation.scope}" with 403 scope_missing naming it`, async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(SCOPES.filter((scope) => scope !== operation.scope))
    const body = expectProblem(await call(operation.path, { key, ...request }), 403, 'scope_missing')
    expect(body.requiredScope).toBe(operation.scope)
    expect(body.detail).toContain(operation.scope)
  })

  it(`answers a key holding only "${operation.scope}" with 200`, async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue([operation.scope])
    expect((await call(operation.path, { key, ...request })).status).toBe(200)
  })
})

describe('key states together', () => {
  it('keeps a revoked key revoked after its expiry date (revocation is final and wins)', async () => {
    const { call, issue, clock, sandbox } = await makeSandbox()
    const { id, key } = await issue(['status.read'])
    await sandbox.workspace.revokeKey(id)
    clock.advance(LIFETIME_MS + 1)
    expectProblem(await call('/status', { key }), 401, 'key_revoked')
    expect((await sandbox.workspace.listKeys())[0]?.status).toBe('revoked')
  })

  it('refuses only the revoked key of a rotation; the new key of the same project keeps working', async () => {
    const { call, issue, sandbox } = await makeSandbox()
    const old = await issue(['status.read'])
    const fresh = await issue(['status.read'])
    expect(fresh.projectId).toBe(old.projectId)
    await sandbox.workspace.revokeKey(old.id)
    expectProblem(await call('/status', { key: old.key }), 401, 'key_revoked')
    expect((await call('/status', { key: fresh.key })).status).toBe(200)
  })

  it('accepts the bearer scheme in any case and with surrounding spaces', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['status.read'])
    expect((await call('/status', { headers: { Authorization: `bearer ${key}` } })).status).toBe(200)
    expect((await call('/status', { headers: { Authorization: `BEARER   ${key}  ` } })).status).toBe(200)
  })
})
