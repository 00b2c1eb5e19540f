/** What the API accepts as a request: size, body, query, X-Request-ID, path and method. */
import { describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../src/api/index.ts'
import { expectProblem, rawJson, utf8Length, VALID_MANIFEST } from './support/contract.ts'
import { BASE, makeSandbox, postJson } from './support/harness.ts'

const LIMIT = 65_536

/** A validate body of exactly `bytes` UTF-8 bytes, padded with 3-byte and 4-byte characters in `summary`. */
function bodyOfBytes(bytes: number, manifest: Record<string, unknown> = { ...VALID_MANIFEST }): string {
  const base = JSON.stringify({ manifest: { ...manifest, summary: '' } })
  let fill = bytes - utf8Length(base)
  const parts: string[] = []
  // '😀' is 4 bytes (2 UTF-16 units), '€' is 3 bytes (1 unit): 7 bytes per 3 units.
  for (; fill >= 7; fill -= 7) parts.push('😀€')
  parts.push('a'.repeat(fill))
  const body = JSON.stringify({ manifest: { ...manifest, summary: parts.join('') } })
  expect(utf8Length(body)).toBe(bytes)
  return body
}

function streamRequest(path: string, stream: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return new Request(`${BASE}${path}`, { method: 'POST', body: stream, headers, duplex: 'half' } as RequestInit)
}

describe('request size (413)', () => {
  it('refuses a body of 65,537 bytes of UTF-8 with 413, counting multi-byte characters as bytes', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const body = bodyOfBytes(LIMIT + 1)
    expect(body.length).toBeLessThan(LIMIT)
    expectProblem(await call('/tools/validate', { key, ...rawJson(body) }), 413, 'payload_too_large')
    expectProblem(await call('/tools/validate', { key, ...rawJson(new TextEncoder().encode(body)) }), 413, 'payload_too_large')
  })

  it('accepts a body of exactly 65,536 bytes: 200 for a valid manifest, 422 for an invalid one', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const valid = await call('/tools/validate', { key, ...rawJson(bodyOfBytes(LIMIT)) })
    expect(valid.status).toBe(200)
    const preview = await call('/tools/preview', { key, ...rawJson(bodyOfBytes(LIMIT)) })
    expect(preview.status).toBe(200)
    const invalid = await call('/tools/validate', { key, ...rawJson(bodyOfBytes(LIMIT, { ...VALID_MANIFEST, schema: 'nope' })) })
    expectProblem(invalid, 422, 'manifest_invalid')
  })

  it('refuses a declared Content-Length over the limit before reading any of the body', async () => {
    const { sandbox, issue } = await makeSandbox()
    const { key } = await issue()
    let pulls = 0
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1
          controller.enqueue(new TextEncoder().encode('{}'))
          controller.close()
        },
      },
      { highWaterMark: 0 },
    )
    const response = await sandbox.handle(
      streamRequest('/tools/validate', stream, {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'Content-Length': String(LIMIT + 1),
      }),
    )
    expect(response.status).toBe(413)
    expect(pulls).toBe(0)
  })

  it('refuses an endless body stream with 413 once it passes the limit', async () => {
    const { sandbox, issue } = await makeSandbox()
    const { key } = await issue()
    let sent = 0
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          sent += 4096
          controller.enqueue(new Uint8Array(4096).fill(0x20))
        },
      },
      { highWaterMark: 0 },
    )
    const response = await sandbox.handle(
      streamRequest('/tools/validate', stream, { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }),
    )
    expect(response.status).toBe(413)
    expect(sent).toBeLessThanOrEqual(LIMIT + 2 * 4096)
  })

  it('refuses an oversized body on POST /webhooks/test too', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    expectProblem(await call('/webhooks/test', { key, ...rawJson(`"${'x'.repeat(LIMIT)}"`) }), 413, 'payload_too_large')
  })
})

describe('request body (400)', () => {
  const toolPaths = ['/tools/validate', '/tools/preview']

  it.each(toolPaths)('refuses malformed JSON on %s with 400 invalid_json and a violation', async (path) => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    for (const body of ['{', '{"manifest": }', "{'manifest': {}}", '{"manifest": {}} trailing', '']) {
      const result = await call(path, { key, ...rawJson(body) })
      const problem = expectProblem(result, 400, body === '' ? 'body_required' : 'invalid_json')
      expect(problem.errors?.[0]).toEqual({ pointer: '', keyword: expect.any(String), message: expect.any(String) })
    }
  })

  it('refuses a body that is not valid UTF-8 with 400 invalid_json', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const prefix = new TextEncoder().encode('{"manifest":{"entry":"')
    const suffix = new TextEncoder().encode('"}}')
    const bytes = new Uint8Array([...prefix, 0xc3, 0x28, 0xff, ...suffix])
    const problem = expectProblem(await call('/tools/validate', { key, ...rawJson(bytes) }), 400, 'invalid_json')
    expect(problem.detail).toContain('UTF-8')
    const lone = new Uint8Array([...prefix, 0xed, 0xa0, 0x80, ...suffix])
    expectProblem(await call('/tools/validate', { key, ...rawJson(lone) }), 400, 'invalid_json')
  })

  it.each([
    ['text/plain', 'text/plain'],
    ['form data', 'application/x-www-form-urlencoded'],
    ['a JSON-like type', 'application/problem+json'],
    ['no content type', null],
  ])('refuses a POST body sent as %s with 400 invalid_content_type', async (_name, contentType) => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const headers = new Headers()
    if (contentType) headers.set('Content-Type', contentType)
    for (const path of ['/tools/validate', '/tools/preview', '/webhooks/test']) {
      const body = new Blob([JSON.stringify(path === '/webhooks/test' ? { message: 'x' } : { manifest: VALID_MANIFEST })])
      const result = await call(path, { key, method: 'POST', headers, body: await body.arrayBuffer() })
      expectProblem(result, 400, 'invalid_content_type')
    }
  })

  it('accepts application/json with parameters and in any case', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON']) {
      const result = await call('/tools/validate', {
        key,
        method: 'POST',
        headers: { 'Content-Type': contentType },
        body: JSON.stringify({ manifest: VALID_MANIFEST }),
      })
      expect(result.status, contentType).toBe(200)
    }
  })

  it.each(['[]', '"manifest"', '42', 'null', 'true'])('refuses the non-object body %s with 400 invalid_body', async (body) => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    for (const path of ['/tools/validate', '/tools/preview', '/webhooks/test']) {
      const problem = expectProblem(await call(path, { key, ...rawJson(body) }), 400, 'invalid_body')
      expect(problem.errors).toContainEqual({ pointer: '', keyword: 'type', message: 'must be of type object' })
    }
  })

  it('refuses unknown body properties with 400, each pointed at', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const tool = expectProblem(
      await call('/tools/validate', { key, ...postJson({ manifest: VALID_MANIFEST, dryRun: true, 'a/b': 1 }) }),
      400,
      'invalid_body',
    )
    expect(tool.errors).toEqual([
      { pointer: '/a~1b', keyword: 'additionalProperties', message: 'property "a/b" is not allowed' },
      { pointer: '/dryRun', keyword: 'additionalProperties', message: 'property "dryRun" is not allowed' },
    ])
    const webhook = expectProblem(await call('/webhooks/test', { key, ...postJson({ message: 'hi', url: 'x' }) }), 400, 'invalid_body')
    expect(webhook.errors).toEqual([{ pointer: '/url', keyword: 'additionalProperties', message: 'property "url" is not allowed' }])
  })

  it('refuses a tool request without manifest with 400, and an empty body with 400 body_required', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    for (const path of ['/tools/validate', '/tools/preview']) {
      const missing = expectProblem(await call(path, { key, ...postJson({}) }), 400, 'invalid_body')
      expect(missing.errors).toEqual([{ pointer: '', keyword: 'required', message: 'must have required property "manifest"' }])
      expectProblem(await call(path, { key, method: 'POST', headers: { 'Content-Type': 'application/json' } }), 400, 'body_required')
    }
  })

  it('refuses a webhook message that is not a string with 400', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const problem = expectProblem(await call('/webhooks/test', { key, ...postJson({ message: 42 }) }), 400, 'invalid_body')
    expect(problem.errors).toEqual([{ pointer: '/message', keyword: 'type', message: 'must be of type string' }])
  })
})

describe('query parameters (400)', () => {
  it.each(OPERATIONS)('refuses any query parameter on $method $path', async (operation) => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const init = operation.body === 'toolRequest' ? postJson({ manifest: VALID_MANIFEST }) : { method: operation.method }
    for (const query of ['?page=2', '?a', '?=1', '?limit=1&limit=2', '?&']) {
      const problem = expectProblem(await call(`${operation.path}${query}`, { key, ...init }), 400, 'unknown_query_parameter')
      expect(problem.detail.length).toBeGreaterThan(0)
    }
    expect((await call(`${operation.path}?`, { key, ...init })).status).toBe(200)
  })

  it('names each unknown parameter once', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const problem = expectProblem(await call('/status?b=1&a=2&b=3', { key }), 400, 'unknown_query_parameter')
    expect(problem.errors?.map((error) => error.message)).toEqual([
      'query parameter "b" is not defined',
      'query parameter "a" is not defined',
    ])
  })
})

describe('X-Request-ID', () => {
  it('echoes a well-formed client id on success and on errors', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const id = `${'a'.repeat(120)}.Z_9:-x`
    expect(id).toHaveLength(127)
    for (const [path, init] of [
      ['/status', { key }],
      ['/status', {}],
      ['/nope', { key }],
      ['/tools/validate', { key, ...postJson({ manifest: {} }) }],
    ] as const) {
      const result = await call(path, { ...init, headers: { ...('headers' in init ? init.headers : {}), 'X-Request-ID': id } })
      expect(result.headers.get('X-Request-ID')).toBe(id)
      if (result.status !== 200) expect(result.body.requestId).toBe(id)
    }
    const longest = 'x'.repeat(128)
    expect((await call('/status', { key, headers: { 'X-Request-ID': longest } })).headers.get('X-Request-ID')).toBe(longest)
  })

  it('makes a UUID when the client sends none, a different one each time', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const first = (await call('/status', { key })).headers.get('X-Request-ID')
    const second = (await call('/status', { key })).headers.get('X-Request-ID')
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(second).not.toBe(first)
  })

  it.each([
    ['empty', ''],
    ['129 characters', 'x'.repeat(129)],
    ['a space', 'a b'],
    ['a slash', 'a/b'],
    ['non-ASCII', 'caf\u00e9'],
    ['a comma (two ids)', 'a,b'],
  ])('refuses an id with %s with 400 invalid_request_id, answering with a fresh id', async (_name, value) => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    const headers = new Headers()
    headers.set('X-Request-ID', value)
    const result = await call('/status', { key, headers })
    const problem = expectProblem(result, 400, 'invalid_request_id')
    expect(problem.requestId).not.toBe(value)
    expect(problem.requestId).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('paths and methods (404, 405)', () => {
  it.each(['/nope', '/status/', '/Status', '/tools/validate/extra', '/', '', '/%2e%2e/status'])(
    'answers the unknown path "%s" with 404 problem details',
    async (path) => {
      const { call, issue } = await makeSandbox()
      const { key } = await issue()
      expectProblem(await call(path, { key }), 404, 'not_found')
    },
  )

  it('answers paths outside the base path with 404', async () => {
    const { sandbox } = await makeSandbox()
    for (const url of [
      'http://sandbox.test/status',
      'http://sandbox.test/api/developer/v2/status',
      'http://sandbox.test/api/developer/v1',
    ]) {
      const response = await sandbox.handle(new Request(url))
      expect(response.status, url).toBe(404)
      expect(response.headers.get('Content-Type')).toBe('application/problem+json')
    }
  })

  it.each([
    ['POST', '/status', 'GET, HEAD'],
    ['DELETE', '/tools', 'GET, HEAD'],
    ['PUT', '/webhooks', 'GET, HEAD'],
    ['GET', '/tools/validate', 'POST'],
    ['GET', '/tools/preview', 'POST'],
    ['PATCH', '/webhooks/test', 'POST'],
    ['OPTIONS', '/usage', 'GET, HEAD'],
    ['HEAD', '/tools/preview', 'POST'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const { sandbox, issue } = await makeSandbox()
    const { key } = await issue()
    const response = await sandbox.handle(new Request(`${BASE}${path}`, { method, headers: { Authorization: `Bearer ${key}` } }))
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe(allow)
    if (method !== 'HEAD') {
      expectProblem({ status: response.status, headers: response.headers, body: await response.json() }, 405, 'method_not_allowed')
    }
  })
})
