import { describe, expect, it } from 'vitest'
import { applyCors, parseOriginList } from '../../src/server/cors.ts'

const preflight = (origin: string) =>
  new Request('http://127.0.0.1:4010/api/developer/v1/status', {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
  })

const get = (origin?: string) => new Request('http://127.0.0.1:4010/api/developer/v1/status', origin ? { headers: { Origin: origin } } : {})

describe('CORS', () => {
  it('answers a preflight from any local dev server by default', () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://localhost']) {
      const decision = applyCors(preflight(origin), 'localhost')
      if (!('preflight' in decision)) throw new Error('expected a preflight answer')
      expect(decision.preflight.status).toBe(204)
      expect(decision.preflight.headers.get('access-control-allow-origin')).toBe(origin)
      expect(decision.preflight.headers.get('access-control-allow-methods')).toBe('GET, POST')
      expect(decision.preflight.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, X-Request-ID')
    }
  })

  it('refuses a preflight from another origin with a problem body that says why', async () => {
    for (const origin of ['https://localhost:5173', 'http://localhost.evil.test:80', 'http://192.168.1.2:5173', 'null']) {
      const decision = applyCors(preflight(origin), 'localhost')
      if (!('preflight' in decision)) throw new Error('expected a preflight answer')
      expect(decision.preflight.status).toBe(403)
      expect(decision.preflight.headers.get('access-control-allow-origin')).toBeNull()
      expect(decision.preflight.headers.get('content-type')).toBe('application/problem+json')
      const requestId = decision.preflight.headers.get('x-request-id')
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
      expect(await decision.preflight.json()).toMatchObject({
        type: 'urn:developer-sandbox:problem:origin_not_allowed',
        status: 403,
        code: 'origin_not_allowed',
        requestId,
        detail: `Failed to allow the cross-origin request from "${origin}": the sandbox allows any http://localhost:* or http://127.0.0.1:* origin.`,
      })
    }
  })

  it('exposes the request id and rate-limit headers to allowed origins only', () => {
    expect(applyCors(get('http://localhost:5173'), 'localhost')).toEqual({
      headers: {
        'Access-Control-Allow-Origin': 'http://localhost:5173',
        'Access-Control-Expose-Headers':
          'X-Request-ID, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, WWW-Authenticate',
        Vary: 'Origin',
      },
    })
    expect(applyCors(get('http://example.test'), 'localhost')).toEqual({ headers: { Vary: 'Origin' } })
    expect(applyCors(get(), 'localhost')).toEqual({ headers: {} })
  })

  it('allows exactly the origins of a list', () => {
    const policy = parseOriginList('https://app.example.test, http://localhost:3000')
    expect(applyCors(get('https://app.example.test'), policy)).toMatchObject({
      headers: { 'Access-Control-Allow-Origin': 'https://app.example.test' },
    })
    expect(applyCors(get('http://localhost:3001'), policy)).toEqual({ headers: { Vary: 'Origin' } })
  })

  it('refuses a list entry that is not an origin', () => {
    expect(() => parseOriginList('http://localhost:3000/')).toThrow(
      'Failed to read "--cors": "http://localhost:3000/" is not an origin (scheme://host[:port], no path or slash).',
    )
    expect(() => parseOriginList(' , ')).toThrow('Failed to read "--cors": give at least one origin')
  })
})
