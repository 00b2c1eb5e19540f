import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RawResponse, rawExchange } from './support/rawHttp.ts'
import { type RunningServer, runCommand, scratchFolder, startServer } from './support/sandboxServer.ts'

let server: RunningServer

beforeAll(async () => {
  server = await startServer(scratchFolder())
})

afterAll(async () => {
  await server?.stop()
})

/** The promise of the spec: a problem-details body whose request id is the X-Request-ID header. */
function expectProblem(response: RawResponse, status: number, code: string): Record<string, unknown> {
  expect(response.status, response.raw.slice(0, 300)).toBe(status)
  expect(response.headers['content-type']).toBe('application/problem+json')
  expect(response.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,128}$/)
  expect(response.headers['x-ratelimit-limit']).toBe('120')
  expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body))
  const body = JSON.parse(response.body)
  expect(body).toMatchObject({ type: `urn:developer-sandbox:problem:${code}`, status, code, requestId: response.headers['x-request-id'] })
  expect(body.detail).toMatch(/^Failed to /)
  return body
}

const request = (lines: string[], body = '') => `${lines.join('\r\n')}\r\n\r\n${body}`

describe('requests node:http refuses before the sandbox sees them', () => {
  it('answers Content-Length together with Transfer-Encoding with 400 malformed_request and closes', async () => {
    const response = await rawExchange(
      server.port,
      request(
        ['POST /api/developer/v1/tools/validate HTTP/1.1', 'Host: 127.0.0.1', 'Content-Length: 5', 'Transfer-Encoding: chunked'],
        '0\r\n\r\n',
      ),
    )
    expectProblem(response, 400, 'malformed_request')
    expect(response.headers.connection).toBe('close')
    expect(response.closed).toBe(true)
  })

  it('answers a header section over 16 KB with 431 headers_too_large', async () => {
    const response = await rawExchange(
      server.port,
      request(['GET /api/developer/v1/status HTTP/1.1', 'Host: 127.0.0.1', `X-Padding: ${'a'.repeat(17_000)}`]),
    )
    expectProblem(response, 431, 'headers_too_large')
    expect(response.closed).toBe(true)
  })

  it('answers an unknown method with 501 method_not_implemented, and bytes that are no request with 400', async () => {
    const brew = await rawExchange(server.port, request(['BREW /api/developer/v1/status HTTP/1.1', 'Host: 127.0.0.1']))
    expect(expectProblem(brew, 501, 'method_not_implemented').detail).toBe(
      'Failed to handle "BREW": the sandbox answers GET, HEAD, POST and OPTIONS.',
    )
    expectProblem(await rawExchange(server.port, 'hello\r\n\r\n'), 400, 'malformed_request')
    expectProblem(await rawExchange(server.port, request(['GET / HTTP/9.9', 'Host: 127.0.0.1'])), 400, 'malformed_request')
  })

  it('answers an HTTP/1.1 request without Host with 400 malformed_request, and echoes the request id sent', async () => {
    const response = await rawExchange(server.port, request(['GET /api/developer/v1/status HTTP/1.1', 'X-Request-ID: no-host-1']))
    const body = expectProblem(response, 400, 'malformed_request')
    expect(body.requestId).toBe('no-host-1')
    expect(body.detail).toBe('Failed to read the request: HTTP/1.1 requires a Host header.')
  })

  it('answers an Expect other than 100-continue with 417 expectation_failed', async () => {
    const response = await rawExchange(
      server.port,
      request(['POST /api/developer/v1/tools/validate HTTP/1.1', 'Host: 127.0.0.1', 'Expect: tea', 'Content-Length: 2'], '{}'),
    )
    expectProblem(response, 417, 'expectation_failed')
  })

  it('does not invite with 100 Continue a body whose declared length is refused', async () => {
    const declaredTooLarge = await rawExchange(
      server.port,
      request([
        'POST /api/developer/v1/tools/validate HTTP/1.1',
        'Host: 127.0.0.1',
        `Authorization: Bearer ${server.key}`,
        'Content-Type: application/json',
        'Expect: 100-continue',
        'Content-Length: 70000',
      ]),
    )
    expect(declaredTooLarge.raw).not.toContain('100 Continue')
    expectProblem(declaredTooLarge, 413, 'payload_too_large')
  })
})

describe('the Host check (DNS rebinding)', () => {
  const status = (host: string) =>
    rawExchange(server.port, request(['GET /api/developer/v1/status HTTP/1.1', `Host: ${host}`, `Authorization: Bearer ${server.key}`]))

  it('answers localhost, *.localhost and IP addresses, with or without a port', async () => {
    for (const host of [
      'localhost',
      `localhost:${server.port}`,
      'app.localhost',
      `127.0.0.1:${server.port}`,
      '[::1]',
      '192.168.1.20:4010',
    ]) {
      expect((await status(host)).status, host).toBe(200)
    }
  })

  it('refuses any other host with 403 host_not_allowed that says how to allow it', async () => {
    const response = await status('evil.example')
    expect(expectProblem(response, 403, 'host_not_allowed').detail).toBe(
      'Failed to allow the host "evil.example": this server answers localhost, IP addresses and the host it listens on, so a web page on another domain cannot reach it by DNS rebinding. To allow "evil.example", restart it with --allowed-hosts evil.example.',
    )
    expectProblem(await status(`evil.example:${server.port}`), 403, 'host_not_allowed')
    expectProblem(await status('localhost.evil.example'), 403, 'host_not_allowed')
    expectProblem(await status('a b'), 400, 'malformed_request')
  })

  it('refuses the OpenAPI document and preflights for another host too', async () => {
    expectProblem(await rawExchange(server.port, request(['GET /openapi.json HTTP/1.1', 'Host: evil.example'])), 403, 'host_not_allowed')
    const preflight = await rawExchange(
      server.port,
      request([
        'OPTIONS /api/developer/v1/status HTTP/1.1',
        'Host: evil.example',
        'Origin: http://localhost:3000',
        'Access-Control-Request-Method: GET',
      ]),
    )
    expectProblem(preflight, 403, 'host_not_allowed')
  })

  it('answers the hosts --allowed-hosts names, a leading dot taking in subdomains, and any host with true', async () => {
    const listed = await startServer(scratchFolder(), ['--allowed-hosts', 'sandbox.test,.dev.test'])
    const any = await startServer(scratchFolder(), ['--allowed-hosts', 'true'])
    try {
      const document = (port: number, host: string) =>
        rawExchange(port, request(['GET /openapi.json HTTP/1.1', `Host: ${host}`])).then((response) => response.status)
      expect(await document(listed.port, 'sandbox.test')).toBe(200)
      expect(await document(listed.port, 'SANDBOX.test:80')).toBe(200)
      expect(await document(listed.port, 'api.sandbox.test')).toBe(403)
      expect(await document(listed.port, 'dev.test')).toBe(200)
      expect(await document(listed.port, 'a.b.dev.test')).toBe(200)
      expect(await document(listed.port, 'evil.example')).toBe(403)
      expect(await document(any.port, 'evil.example')).toBe(200)
    } finally {
      await Promise.all([listed.stop(), any.stop()])
    }
  })

  it('refuses an --allowed-hosts value that is not a host name, and documents the option in --help', () => {
    const refused = runCommand(scratchFolder(), ['serve', '--allowed-hosts', 'http://sandbox.test'])
    expect(refused.status).toBe(2)
    expect(refused.stderr).toBe(
      'Failed to read "--allowed-hosts": "http://sandbox.test" is not a host name (no scheme, port or path; .example.com allows it and its subdomains).\n',
    )
    expect(runCommand(scratchFolder(), ['serve', '--help']).stdout).toContain('--allowed-hosts <list>')
  })
})

describe('answers of the server itself', () => {
  const preflight = (origin: string) =>
    rawExchange(
      server.port,
      request([
        'OPTIONS /api/developer/v1/status HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${origin}`,
        'Access-Control-Request-Method: GET',
        'Access-Control-Request-Headers: authorization',
      ]),
    )

  it('gives a preflight from an allowed origin a request id', async () => {
    const allowed = await preflight('http://localhost:5173')
    expect(allowed.status).toBe(204)
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    expect(allowed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses a preflight from another origin as problem details with the common headers', async () => {
    const refused = await preflight('http://evil.example')
    expect(expectProblem(refused, 403, 'origin_not_allowed').detail).toBe(
      'Failed to allow the cross-origin request from "http://evil.example": the sandbox allows any http://localhost:* or http://127.0.0.1:* origin.',
    )
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('answers HEAD /openapi.json as the GET without its body', async () => {
    const get = await rawExchange(server.port, request(['GET /openapi.json HTTP/1.1', 'Host: 127.0.0.1']))
    const head = await rawExchange(server.port, request(['HEAD /openapi.json HTTP/1.1', 'Host: 127.0.0.1', 'X-Request-ID: head-1']))
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['content-type']).toBe('application/json')
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
    expect(head.headers['x-request-id']).toBe('head-1')
  })
})
