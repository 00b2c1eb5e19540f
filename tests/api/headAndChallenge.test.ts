/** HEAD answers as GET without the body; every 401 names the Bearer scheme (RFC 9110 §9.3.2, §11.6.1; RFC 6750 §3). */
import { describe, expect, it } from 'vitest'
import { OPERATIONS, SCOPES } from '../../src/api/index.ts'
import { makeSandbox, postJson } from './support/harness.ts'

const GETS = OPERATIONS.filter((operation) => operation.method === 'GET')
const POSTS = OPERATIONS.filter((operation) => operation.method === 'POST')
const DAY_MS = 24 * 60 * 60 * 1000

describe('HEAD', () => {
  it.each(GETS)('answers HEAD $path as its GET: same status and headers, no body', async (operation) => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const get = await call(operation.path, { key, headers: { 'X-Request-ID': 'get-1' } })
    const head = await call(operation.path, { key, method: 'HEAD', headers: { 'X-Request-ID': 'head-1' } })
    expect(head.status).toBe(200)
    expect(head.body).toBeUndefined()
    expect(head.headers.get('Content-Type')).toBe(get.headers.get('Content-Type'))
    expect(head.headers.get('X-Request-ID')).toBe('head-1')
    expect(Number(head.headers.get('X-RateLimit-Remaining'))).toBe(Number(get.headers.get('X-RateLimit-Remaining')) - 1)
  })

  it('refuses HEAD without a key with the GET’s 401 and its challenge, no body', async () => {
    const { call } = await makeSandbox()
    const head = await call('/status', { method: 'HEAD' })
    expect(head.status).toBe(401)
    expect(head.body).toBeUndefined()
    expect(head.headers.get('Content-Type')).toBe('application/problem+json')
    expect(head.headers.get('WWW-Authenticate')).toBe('Bearer realm="developer-sandbox"')
  })

  it('counts a HEAD in the rate window and in usage, under the GET’s operation', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    for (let index = 0; index < 3; index++) await call('/status', { key, method: 'HEAD' })
    const usage = await call('/usage', { key })
    expect(usage.body.operations.getProjectStatus).toEqual({ requests: 3, errors: 0 })
    expect(usage.headers.get('X-RateLimit-Remaining')).toBe('116')
  })

  it('answers HEAD on a POST-only path with 405, Allow: POST and no body', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    for (const operation of POSTS) {
      const head = await call(operation.path, { key, method: 'HEAD' })
      expect(head.status).toBe(405)
      expect(head.body).toBeUndefined()
      expect(head.headers.get('Allow')).toBe('POST')
    }
  })

  it('lists HEAD beside GET in the Allow of a 405', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    for (const operation of GETS) {
      const refused = await call(operation.path, { key, ...postJson({}) })
      expect(refused.status).toBe(405)
      expect(refused.headers.get('Allow')).toBe('GET, HEAD')
      expect(refused.body.code).toBe('method_not_allowed')
    }
  })
})

describe('WWW-Authenticate on 401', () => {
  it('names Bearer without an error when no key was sent', async () => {
    const { call } = await makeSandbox()
    const result = await call('/status')
    expect(result.body.code).toBe('key_missing')
    expect(result.headers.get('WWW-Authenticate')).toBe('Bearer realm="developer-sandbox"')
  })

  it('says error="invalid_token" for a malformed, unknown, revoked or expired key', async () => {
    const { call, issue, sandbox, clock } = await makeSandbox()
    const revoked = await issue()
    await sandbox.workspace.revokeKey(revoked.id)
    const expiring = await issue()
    const seen: string[] = []
    const challenge = async (key: string, code: string) => {
      const result = await call('/status', { headers: { Authorization: `Bearer ${key}` } })
      expect(result.status).toBe(401)
      expect(result.body.code).toBe(code)
      expect(result.headers.get('WWW-Authenticate')).toBe('Bearer realm="developer-sandbox", error="invalid_token"')
      seen.push(code)
    }
    await challenge('not-a-sandbox-key', 'key_invalid')
    await challenge(`svc_test_${'A'.repeat(43)}`, 'key_invalid')
    await challenge(revoked.key, 'key_revoked')
    clock.advance(181 * DAY_MS)
    await challenge(expiring.key, 'key_expired')
    expect(seen).toEqual(['key_invalid', 'key_invalid', 'key_revoked', 'key_expired'])
  })

  it('is absent from the other statuses', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(SCOPES.filter((scope) => scope !== 'status.read'))
    const forbidden = await call('/status', { key })
    expect(forbidden.status).toBe(403)
    expect(forbidden.headers.get('WWW-Authenticate')).toBeNull()
    const ok = await call('/profile', { key })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('WWW-Authenticate')).toBeNull()
  })
})
