import { describe, expect, it } from 'vitest'
import { corsPolicy, EXPOSED_HEADERS } from '../../src/bridge/server/cors.ts'

const API = 'http://localhost:4173/api/developer/v1/status'
const preflightFrom = (origin: string, headers = 'authorization, x-request-id') =>
  new Request(API, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': headers },
  })

describe('corsPolicy', () => {
  it('allows any port of localhost and 127.0.0.1 by default, and nothing else', () => {
    const cors = corsPolicy()
    for (const origin of ['http://localhost:3000', 'http://localhost', 'http://127.0.0.1:8080', 'HTTP://LOCALHOST:5173']) {
      expect(cors.allows(origin), origin).toBe(true)
    }
    for (const origin of [
      'https://localhost:3000',
      'http://localhost.evil.test',
      'http://localhost:3000.evil.test',
      'http://evil.test',
      'null',
    ]) {
      expect(cors.allows(origin), origin).toBe(false)
    }
    expect(cors.allows(null)).toBe(false)
  })

  it('answers a preflight from an allowed origin with 204, the methods and the requested headers', () => {
    const response = corsPolicy().preflight(preflightFrom('http://127.0.0.1:3000'))
    expect(response?.status).toBe(204)
    expect(response?.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000')
    expect(response?.headers.get('access-control-allow-methods')).toBe('GET, POST')
    expect(response?.headers.get('access-control-allow-headers')).toBe('authorization, x-request-id')
    expect(response?.headers.get('access-control-allow-credentials')).toBeNull()
    expect(response?.headers.get('vary')).toContain('Origin')
  })

  it('refuses a preflight from another origin with 403 problem details', async () => {
    const response = corsPolicy().preflight(preflightFrom('https://evil.test'))
    expect(response?.status).toBe(403)
    expect(response?.headers.get('content-type')).toBe('application/problem+json')
    expect(response?.headers.get('access-control-allow-origin')).toBeNull()
    expect(await response?.json()).toMatchObject({ status: 403, code: 'cors_origin_not_allowed' })
  })

  it('takes an OPTIONS request without preflight headers as no preflight', () => {
    expect(corsPolicy().preflight(new Request(API, { method: 'OPTIONS' }))).toBeNull()
    expect(corsPolicy().preflight(new Request(API, { headers: { Origin: 'http://localhost:3000' } }))).toBeNull()
  })

  it('exposes the request id, rate-limit headers and Retry-After to allowed origins only', () => {
    const cors = corsPolicy()
    const allowed = cors.headers(new Request(API, { headers: { Origin: 'http://localhost:3000' } }))
    expect(allowed.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(allowed.get('access-control-expose-headers')?.split(', ')).toEqual([...EXPOSED_HEADERS])
    const refused = cors.headers(new Request(API, { headers: { Origin: 'http://evil.test' } }))
    expect(refused.get('access-control-allow-origin')).toBeNull()
    expect(refused.get('vary')).toBe('Origin')
  })

  it('takes configured origins: exact, any port, or any', () => {
    const cors = corsPolicy({ origins: ['http://app.test:8080', 'http://dev.test:*'] })
    expect(cors.allows('http://app.test:8080')).toBe(true)
    expect(cors.allows('http://app.test:8081')).toBe(false)
    expect(cors.allows('http://dev.test:1')).toBe(true)
    expect(cors.allows('http://localhost:3000')).toBe(false)
    expect(corsPolicy({ origins: ['*'] }).allows('https://anywhere.test')).toBe(true)
    expect(() => corsPolicy({ origins: ['localhost:3000'] })).toThrow(/Failed to read the CORS origin "localhost:3000"/)
  })
})
