/**
 * Properties: whatever body, bytes, header values, method or path arrive, the
 * answer keeps the response contract: a documented status, problem details on
 * every error, X-Request-ID and the rate-limit headers always.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { OPERATIONS, SCOPES } from '../../src/api/index.ts'
import { DOCUMENTED_STATUSES, type ProblemBody, VALID_MANIFEST } from './support/contract.ts'
import { BASE, makeSandbox, ORIGIN } from './support/harness.ts'

const RUNS = 100
const POST_PATHS = OPERATIONS.filter((operation) => operation.method === 'POST').map((operation) => operation.path)
const ALL_PATHS = OPERATIONS.map((operation) => operation.path)

let handle: (request: Request) => Promise<Response>
let tick: () => void
let validKey: string
let narrowKey: string
const consoleError = vi.spyOn(console, 'error')

beforeAll(async () => {
  const { sandbox, issue, clock } = await makeSandbox()
  handle = sandbox.handle
  // A second a request keeps most runs under the rate limit, so deeper checks are reached.
  tick = () => clock.advance(1_000)
  validKey = (await issue(SCOPES)).key
  narrowKey = (await issue(['status.read'])).key
})

afterAll(() => {
  // A 500 logs before answering; none may have happened.
  expect(consoleError).not.toHaveBeenCalled()
  consoleError.mockRestore()
})

/** Builds a request, or undefined when the Fetch API itself refuses the generated parts. */
function tryRequest(url: string, init: RequestInit): Request | undefined {
  try {
    return new Request(url, init)
  } catch {
    return undefined
  }
}

async function expectContract(request: Request) {
  tick()
  const response = await handle(request)
  const status = response.status
  expect(DOCUMENTED_STATUSES as readonly number[]).toContain(status)
  const requestId = response.headers.get('X-Request-ID')
  expect(requestId).toMatch(/^[A-Za-z0-9._:-]{1,128}$/)
  for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
    expect(response.headers.get(name), name).toMatch(/^\d+$/)
  }
  const text = await response.text()
  if (request.method === 'HEAD') {
    expect(text).toBe('')
    return { status, requestId }
  }
  if (status === 200) {
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(() => JSON.parse(text)).not.toThrow()
    return { status, requestId }
  }
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  const body = JSON.parse(text) as ProblemBody
  expect(body).toEqual(
    expect.objectContaining({
      type: `urn:developer-sandbox:problem:${body.code}`,
      title: expect.any(String),
      status,
      detail: expect.any(String),
      code: expect.stringMatching(/^[a-z_]+$/),
      requestId,
    }),
  )
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors)).toBe(true)
    for (const error of body.errors)
      expect(error).toEqual({ pointer: expect.any(String), keyword: expect.any(String), message: expect.any(String) })
  }
  expect(body.requiredScope !== undefined).toBe(status === 403)
  if (status === 405) expect(response.headers.get('Allow')).toMatch(/^(GET, HEAD|POST)$/)
  if (status === 429 || status === 503) expect(response.headers.get('Retry-After')).toMatch(/^\d+$/)
  return { status, requestId }
}

const headerValue = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 200 })
const key = fc.oneof(
  fc.constant(undefined),
  fc.constant('valid'),
  fc.constant('narrow'),
  headerValue,
  fc.string({ unit: fc.constantFrom(...'ABCxyz019_-'), minLength: 40, maxLength: 46 }).map((secret) => `svc_test_${secret}`),
)
const authorization = (choice: string | undefined) =>
  choice === 'valid' ? `Bearer ${validKey}` : choice === 'narrow' ? `Bearer ${narrowKey}` : choice

function headers(parts: { authorization?: string | undefined; contentType?: string | undefined; requestId?: string | undefined }) {
  const result: Record<string, string> = {}
  if (parts.authorization !== undefined) result.Authorization = parts.authorization
  if (parts.contentType !== undefined) result['Content-Type'] = parts.contentType
  if (parts.requestId !== undefined) result['X-Request-ID'] = parts.requestId
  return result
}

describe('the response contract', () => {
  it('holds for any JSON body sent to the POST operations', async () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ manifest: fc.jsonValue() }),
      fc.record(
        { manifest: fc.constant(VALID_MANIFEST), extra: fc.option(fc.jsonValue(), { nil: undefined }) },
        { requiredKeys: ['manifest'] },
      ),
      fc.record({ message: fc.oneof(fc.string({ maxLength: 220 }), fc.jsonValue()) }),
    )
    const seen = new Set<number>()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_PATHS), body, key, async (path, value, choice) => {
        const request = tryRequest(`${BASE}${path}`, {
          method: 'POST',
          headers: headers({ authorization: authorization(choice), contentType: 'application/json' }),
          body: JSON.stringify(value),
        })
        fc.pre(request !== undefined)
        seen.add((await expectContract(request as Request)).status)
      }),
      {
        numRuns: RUNS * 2,
        // Fixed examples run first, so every verdict below is reached whatever the random seed.
        examples: [
          ['/tools/validate', { manifest: VALID_MANIFEST }, 'valid'],
          ['/tools/preview', { manifest: { schema: 'nope' } }, 'valid'],
          ['/webhooks/test', { message: 7 }, 'valid'],
          ['/webhooks/test', { message: 'hi' }, 'narrow'],
          ['/tools/validate', { manifest: VALID_MANIFEST }, undefined],
        ],
      },
    )
    // The generator reached past authentication into every body verdict.
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 400, 401, 403, 422]))
  })

  it('holds for any bytes with any content type', async () => {
    // Bodies around the 64 KB limit repeat a short generated pattern: generating 65,536 random bytes one by one is slow.
    const aroundLimit = fc
      .tuple(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.integer({ min: 65_530, max: 65_540 }))
      .map(([pattern, length]) => Uint8Array.from({ length }, (_, i) => pattern[i % pattern.length] ?? 0))
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 512 }), aroundLimit)
    const contentType = fc.oneof(fc.constant('application/json'), fc.constant(undefined), headerValue)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_PATHS), bytes, contentType, key, async (path, data, type, choice) => {
        const request = tryRequest(`${BASE}${path}`, {
          method: 'POST',
          headers: headers({ authorization: authorization(choice), contentType: type }),
          body: new Uint8Array(data),
        })
        fc.pre(request !== undefined)
        await expectContract(request as Request)
      }),
      { numRuns: RUNS },
    )
  })

  it('holds for any header values, on every operation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OPERATIONS),
        key,
        fc.option(headerValue, { nil: undefined }),
        fc.option(fc.oneof(headerValue, fc.string({ unit: fc.constantFrom(...'aZ09._:-'), minLength: 1, maxLength: 130 })), {
          nil: undefined,
        }),
        fc.option(fc.oneof(headerValue, fc.nat().map(String)), { nil: undefined }),
        async (operation, choice, contentType, requestId, contentLength) => {
          const init: RequestInit = {
            method: operation.method,
            headers: {
              ...headers({ authorization: authorization(choice), contentType, requestId }),
              ...(contentLength ? { 'Content-Length': contentLength } : {}),
            },
          }
          if (operation.method === 'POST') init.body = JSON.stringify({ manifest: VALID_MANIFEST })
          const request = tryRequest(`${BASE}${operation.path}`, init)
          fc.pre(request !== undefined)
          await expectContract(request as Request)
        },
      ),
      { numRuns: RUNS },
    )
  })

  it('holds for any path and method, echoing a good X-Request-ID', async () => {
    // Path-like strings built by hand (fast-check's webPath takes seconds to set up): reserved,
    // percent, dot, space, backslash, query and fragment characters, and non-ASCII.
    const pathCharacter = fc.constantFrom(..."aZ09-._~%2e!$&'()*+,;=:@ \\?#é😀".split(/(?:)/u))
    const webLikePath = fc.array(fc.string({ unit: pathCharacter, maxLength: 12 }), { maxLength: 5 }).map((parts) => `/${parts.join('/')}`)
    const path = fc.oneof(
      webLikePath,
      fc.string({ maxLength: 60 }),
      fc
        .tuple(fc.constantFrom(...ALL_PATHS), fc.string({ unit: pathCharacter, maxLength: 20 }))
        .map(([known, query]) => `${known}?${query}`),
      fc.constantFrom(...ALL_PATHS).map((known) => `${known}/`),
    )
    const method = fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), fc.stringMatching(/^[A-Z]{1,10}$/))
    const base = fc.constantFrom(BASE, ORIGIN, `${ORIGIN}/api/developer`)
    await fc.assert(
      fc.asyncProperty(base, path, method, key, async (prefix, suffix, verb, choice) => {
        const request = tryRequest(`${prefix}${suffix}`, {
          method: verb,
          headers: headers({ authorization: authorization(choice), requestId: 'trace-1' }),
        })
        fc.pre(request !== undefined)
        const { requestId } = await expectContract(request as Request)
        expect(requestId).toBe('trace-1')
      }),
      { numRuns: RUNS },
    )
  })
})
