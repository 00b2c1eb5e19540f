import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS, SCOPES } from '../../src/api/core.ts'
import { createSandboxClient } from '../../src/client/sandboxClient.ts'
import { curl, hasPython, python } from './support/clients.ts'
import { type RunningServer, runCommand, scratchFolder, startServer } from './support/sandboxServer.ts'

const VALID_MANIFEST = {
  schema: 'service.tool/v1',
  entry: 'demo',
  permissions: ['profile.read'],
  display: { layout: 'table', icon: 'star', color: 'blue', columns: [{ name: 'A', type: 'text' }] },
}

function bodyFor(operation: (typeof OPERATIONS)[number]): string | undefined {
  if (operation.body === 'toolRequest') return JSON.stringify({ manifest: VALID_MANIFEST })
  if (operation.body === 'webhookTest') return JSON.stringify({ message: 'over the wire' })
  return undefined
}

let folder: string
let server: RunningServer
let key: string
let api: string

/** A key with the given scopes, issued by the `keys` command while the server runs. */
function issue(scopes: string[]): string {
  const result = runCommand(folder, ['keys', 'issue', '--scopes', scopes.join(','), '--json'])
  expect(result.stderr).toBe('')
  return JSON.parse(result.stdout).key
}

beforeAll(async () => {
  folder = scratchFolder()
  server = await startServer(folder)
  key = server.key ?? ''
  api = `${server.origin}/api/developer/v1`
})

afterAll(async () => {
  await server?.stop()
})

describe('developer-sandbox serve, driven by curl', () => {
  it('prints a key with every scope and a curl line that works as printed', () => {
    expect(key).toMatch(/^svc_test_/)
    expect(server.curlLine).toBe(`curl -H "Authorization: Bearer ${key}" ${api}/status`)
    const printed = (server.curlLine ?? '').match(/^curl -H "([^"]+)" (\S+)$/)
    const response = curl(['-H', printed?.[1] ?? '', printed?.[2] ?? ''])
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body).scopes).toEqual([...SCOPES])
  })

  it('answers every operation with 200 for a key with its scope', () => {
    for (const operation of OPERATIONS) {
      const body = bodyFor(operation)
      const args = ['-X', operation.method, '-H', `Authorization: Bearer ${key}`]
      if (body) args.push('-H', 'Content-Type: application/json', '--data-binary', body)
      const response = curl([...args, `${api}${operation.path}`])
      expect(response.status, operation.operationId).toBe(200)
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      expect(response.headers['x-ratelimit-limit']).toBe('120')
    }
  })

  it('refuses a missing key with 401 and a missing scope with 403', () => {
    expect(curl([`${api}/status`]).status).toBe(401)
    const statusOnly = issue(['status.read'])
    const forbidden = curl(['-H', `Authorization: Bearer ${statusOnly}`, `${api}/tools`])
    expect(forbidden.status).toBe(403)
    expect(JSON.parse(forbidden.body)).toMatchObject({ code: 'scope_missing', requiredScope: 'tools.read' })
  })

  it('reads headers as Fetch does: a repeated Authorization is one joined value, refused; a request id and any header case are kept', () => {
    const twice = curl(['-H', `Authorization: Bearer ${key}`, '-H', `Authorization: Bearer ${key}`, `${api}/status`])
    expect(twice.status).toBe(401)
    expect(JSON.parse(twice.body).code).toBe('key_invalid')
    const lowerCase = curl(['-H', `authorization: Bearer ${key}`, '-H', 'x-request-id: req-over-the-wire-1', `${api}/status`])
    expect(lowerCase.status).toBe(200)
    expect(lowerCase.headers['x-request-id']).toBe('req-over-the-wire-1')
  })

  it('answers 404 for an unknown path and 405 with Allow for a wrong method', () => {
    const missing = curl(['-H', `Authorization: Bearer ${key}`, `${api}/nope`])
    expect(missing.status).toBe(404)
    expect(missing.headers['content-type']).toBe('application/problem+json')
    const wrong = curl(['-X', 'DELETE', '-H', `Authorization: Bearer ${key}`, `${api}/status`])
    expect(wrong.status).toBe(405)
    expect(wrong.headers.allow).toBe('GET, HEAD')
  })

  it('answers HEAD as GET without a body, and a 401 with its Bearer challenge', () => {
    const head = curl(['--head', '-H', `Authorization: Bearer ${key}`, `${api}/status`])
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('application/json')
    expect(head.headers['x-ratelimit-limit']).toBe('120')
    // With --head curl writes the header block where the body would go: nothing may follow it.
    expect(head.body.split('\r\n\r\n').slice(1).join('')).toBe('')
    expect(head.body).not.toContain('apiVersion')
    const anonymous = curl([`${api}/status`])
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="developer-sandbox"')
  })

  it('refuses a streamed 70 KB body and a 1 MB body with 413, and keeps serving', () => {
    const megabyteFile = join(folder, 'megabyte.json')
    writeFileSync(megabyteFile, `{"manifest":"${'y'.repeat(1_000_000)}"}`)
    const large = 'x'.repeat(70_000)
    const streamed = curl([
      '-X',
      'POST',
      '-H',
      `Authorization: Bearer ${key}`,
      '-H',
      'Content-Type: application/json',
      '-H',
      'Transfer-Encoding: chunked',
      '--data-binary',
      `{"manifest":"${large}"}`,
      `${api}/tools/validate`,
    ])
    expect(streamed.status).toBe(413)
    expect(JSON.parse(streamed.body).code).toBe('payload_too_large')
    const declared = curl([
      '-X',
      'POST',
      '-H',
      `Authorization: Bearer ${key}`,
      '-H',
      'Content-Type: application/json',
      '--data-binary',
      `@${megabyteFile}`,
      `${api}/tools/validate`,
    ])
    expect(declared.status).toBe(413)
    expect(curl(['-H', `Authorization: Bearer ${key}`, `${api}/status`]).status).toBe(200)
  })

  it('answers the 121st request of a minute with 429 and Retry-After', async () => {
    const limited = issue(['status.read'])
    const client = createSandboxClient({ origin: server.origin, key: limited })
    for (let index = 0; index < 120; index++) expect((await client.getProjectStatus()).status).toBe(200)
    const refused = curl(['-H', `Authorization: Bearer ${limited}`, `${api}/status`])
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(refused.headers['x-ratelimit-remaining']).toBe('0')
  })

  it('keeps the admin route closed without the token from the lock file, and sends it no CORS headers', () => {
    const anonymous = curl([
      '-X',
      'POST',
      '-H',
      'Origin: http://localhost:3000',
      '--data',
      '{"scopes":["status.read"]}',
      `${server.origin}/_developer-sandbox/keys`,
    ])
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers['access-control-allow-origin']).toBeUndefined()
    expect(curl(['-H', `Authorization: Bearer ${key}`, `${server.origin}/_developer-sandbox/keys`]).status).toBe(401)
  })

  it('serves the OpenAPI document without a key, naming this server', () => {
    const response = curl([`${server.origin}/openapi.json`])
    expect(response.status).toBe(200)
    const document = JSON.parse(response.body)
    expect(document.openapi).toBe('3.1.0')
    expect(document.servers).toEqual([{ url: api, description: expect.any(String) }])
  })

  it("serves the control API's document without a token, naming this server too", () => {
    const response = curl([`${server.origin}/_developer-sandbox/openapi.json`])
    expect(response.status).toBe(200)
    const document = JSON.parse(response.body)
    expect(server.origin).not.toBe('http://127.0.0.1:4010')
    expect(document.servers).toEqual([{ url: '{origin}/_developer-sandbox', variables: { origin: { default: server.origin } } }])
  })
})

describe('developer-sandbox serve, driven by the typed client over the network', () => {
  it('calls every operation', async () => {
    const client = createSandboxClient({ origin: server.origin, key: issue([...SCOPES]) })
    const results = [
      await client.getProjectStatus(),
      await client.getDeveloperProfile(),
      await client.listDeveloperSessions(),
      await client.getProjectUsage(),
      await client.listWebhookEndpoints(),
      await client.listTools(),
      await client.validateTool(VALID_MANIFEST),
      await client.previewTool(VALID_MANIFEST),
      await client.createWebhookTest('from the typed client'),
    ]
    expect(results.map((result) => [result.operationId, result.status])).toEqual(
      OPERATIONS.map((operation) => [operation.operationId, 200]),
    )
  })
})

describe.runIf(hasPython)('developer-sandbox serve, driven by Python urllib', () => {
  const program = `
import json, os, urllib.request, urllib.error
api, key = os.environ["API"], os.environ["KEY"]
def call(path, data=None, token=key):
    request = urllib.request.Request(api + path, data=data, headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, error.headers, json.load(error)
status, headers, body = call("/status")
validate = call("/tools/validate", json.dumps({"manifest": {"schema": "nope"}}).encode())
too_large = call("/tools/validate", b"{" + b" " * 1_000_000 + b"}")
print(json.dumps({"status": status, "remaining": headers["X-RateLimit-Remaining"], "scopes": body["scopes"],
  "invalid": [validate[0], validate[2]["code"]], "tooLarge": [too_large[0], too_large[2]["code"]],
  "unauthorized": call("/status", token="svc_test_nope")[0]}))
`
  it('gets 200, 422, 413 and 401 with their problem codes', () => {
    const result = JSON.parse(python(program, { API: api, KEY: key }))
    expect(result).toMatchObject({
      status: 200,
      scopes: [...SCOPES],
      invalid: [422, 'manifest_invalid'],
      tooLarge: [413, 'payload_too_large'],
      unauthorized: 401,
    })
    expect(Number(result.remaining)).toBeLessThan(120)
  })
})

if (!hasPython) console.warn('Skipping the Python urllib tests: python3 is not on this machine.')
