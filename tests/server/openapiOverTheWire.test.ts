import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BASE_PATH, OPERATIONS, SCOPES } from '../../src/api/core.ts'
import { freePort } from '../support/freePort.ts'
import { curl, type WireResponse } from './support/clients.ts'
import { type PrismProxy, startPrismProxy } from './support/prismProxy.ts'
import { type RunningServer, runCommand, scratchFolder, startServer } from './support/sandboxServer.ts'

// Every operation and every status its document lists (500 aside: only a
// defect of ours answers it) goes through Prism's validating proxy, an
// implementation of OpenAPI independent of ours, which logs any departure.
// Prism cannot forward a GET with a body (stoplightio/prism#2259), so a GET's
// 413 is checked directly with Ajv against the same served document.

type ResponseDoc = { headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref: string } }> }
type ServedDocument = { paths: Record<string, Record<string, { responses: Record<string, ResponseDoc> }>>; components: object }
let served: ServedDocument

/** Status, media type, documented headers and body of a response read straight from the server. */
function expectDirectConforms(operation: Operation, status: number, response: WireResponse) {
  expect(response.status, `${operation.operationId} → ${status}`).toBe(status)
  const spec = served.paths[operation.path]?.[operation.method.toLowerCase()]?.responses[String(status)]
  for (const header of Object.keys(spec?.headers ?? {})) expect(response.headers[header.toLowerCase()], header).toBeDefined()
  const schema = spec?.content?.[response.headers['content-type'] ?? '']?.schema
  expect(schema, 'documented media type').toBeDefined()
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addSchema({ $id: 'urn:sandbox:served', components: served.components })
  const validate = ajv.compile({ $ref: `urn:sandbox:served${schema?.$ref}` })
  expect(validate(JSON.parse(response.body)) ? [] : validate.errors).toEqual([])
}

const VALID_MANIFEST = {
  schema: 'service.tool/v1',
  entry: 'demo',
  permissions: ['profile.read'],
  display: { layout: 'table', icon: 'star', color: 'blue', columns: [{ name: 'A', type: 'text' }] },
}

type Operation = (typeof OPERATIONS)[number]

function request(url: string, operation: Operation, options: { key?: string; body?: string; headers?: string[]; query?: string } = {}) {
  const args = ['-X', operation.method]
  if (options.key) args.push('-H', `Authorization: Bearer ${options.key}`)
  for (const header of options.headers ?? []) args.push('-H', header)
  const body =
    options.body ??
    (operation.body === 'toolRequest' ? JSON.stringify({ manifest: VALID_MANIFEST }) : operation.body === 'webhookTest' ? '{}' : undefined)
  if (body !== undefined) args.push('-H', 'Content-Type: application/json', '--data-binary', body)
  return curl([...args, `${url}${operation.path}${options.query ?? ''}`])
}

let healthy: RunningServer
let failing: RunningServer
let proxy: PrismProxy
let failingProxy: PrismProxy
let tamperedProxy: PrismProxy
let folder: string

beforeAll(async () => {
  folder = scratchFolder()
  ;[healthy, failing] = await Promise.all([startServer(folder), startServer(scratchFolder(), ['--faults', 'authorization-unavailable'])])
  const document = JSON.parse(curl([`${healthy.origin}/openapi.json`]).body)
  served = JSON.parse(JSON.stringify(document))
  const documentFile = join(folder, 'openapi.json')
  writeFileSync(documentFile, JSON.stringify(document))
  // The same document with one requirement our server does not meet: proves the validator reports what it should.
  const statusSchema = document.paths['/status'].get.responses['200'].content['application/json'].schema.$ref.split('/').pop()
  document.components.schemas[statusSchema].required = [...(document.components.schemas[statusSchema].required ?? []), 'notSent']
  const tamperedFile = join(folder, 'tampered.json')
  writeFileSync(tamperedFile, JSON.stringify(document))
  ;[proxy, failingProxy, tamperedProxy] = await Promise.all([
    freePort().then((port) => startPrismProxy(documentFile, `${healthy.origin}/api/developer/v1`, port)),
    freePort().then((port) => startPrismProxy(documentFile, `${failing.origin}/api/developer/v1`, port)),
    freePort().then((port) => startPrismProxy(tamperedFile, `${healthy.origin}/api/developer/v1`, port)),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([proxy?.stop(), failingProxy?.stop(), tamperedProxy?.stop(), healthy?.stop(), failing?.stop()])
})

function issue(scopes: readonly string[]): string {
  return JSON.parse(runCommand(folder, ['keys', 'issue', '--scopes', scopes.join(','), '--json']).stdout).key
}

describe('the server against its OpenAPI document, through Prism', () => {
  it('reports a response that breaks the document (the check can fail)', async () => {
    const status = OPERATIONS.find((operation) => operation.path === '/status') as Operation
    expect(request(tamperedProxy.url, status, { key: healthy.key ?? '' }).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(tamperedProxy.log().some((line) => /Violation: response\.body .*notSent/.test(line))).toBe(true)
    // A request the document does not admit is reported too.
    expect(request(tamperedProxy.url, status, { key: healthy.key ?? '', headers: ['X-Request-ID: not valid!'] }).status).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(tamperedProxy.log().some((line) => /Violation: request\.header\.x-request-id/.test(line))).toBe(true)
  })

  // Each status is provoked by a request the document admits, so Prism judges the server's answer to a
  // request a client built from the document may send: a violation of either side fails the test. The
  // refusals only a request outside the document earns (a malformed X-Request-ID, no key) are checked
  // directly against the same document.
  it('answers every operation with each documented status, requests and answers all conforming', async () => {
    const full = healthy.key ?? ''
    const unknownKey = `svc_test_${'A'.repeat(43)}`
    const seen: string[] = []
    const expectStatus = (operation: Operation, status: number, response: { status: number }) => {
      expect(response.status, `${operation.operationId} → ${status}`).toBe(status)
      seen.push(`${operation.operationId} ${status}`)
    }
    const megabyte = 'x'.repeat(70_000)
    // Over 64 KB, and still a body of the documented shape. Prism forwards a body as it re-serialises it, so
    // white space does not reach the server: a tool request carries the bulk in its manifest (any object),
    // and a webhook test, whose one field holds 200 characters at most, is padded and sent directly.
    const oversized = (operation: Operation) =>
      operation.body === 'toolRequest' ? `{"manifest":{"notes":"${megabyte}"}}` : `${'{"message":"hi"'.padEnd(70_000, ' ')}}`
    for (const operation of OPERATIONS) {
      const documented = Object.keys(served.paths[operation.path]?.[operation.method.toLowerCase()]?.responses ?? {})
      expect(documented.filter((status) => status !== '500').sort()).toEqual(
        (operation.body === 'toolRequest'
          ? ['200', '400', '401', '403', '413', '422', '429', '503']
          : ['200', '400', '401', '403', '413', '429', '503']
        ).sort(),
      )
      const otherScope = SCOPES.find((scope) => scope !== operation.scope) ?? 'status.read'
      expectStatus(operation, 200, request(proxy.url, operation, { key: full }))
      expectStatus(operation, 400, request(proxy.url, operation, { key: full, query: '?page=2' }))
      expectDirectConforms(
        operation,
        400,
        request(healthy.origin + BASE_PATH, operation, { key: full, headers: ['X-Request-ID: not valid!'] }),
      )
      expectStatus(operation, 401, request(proxy.url, operation, { key: unknownKey }))
      expectDirectConforms(operation, 401, request(healthy.origin + BASE_PATH, operation))
      expectStatus(operation, 403, request(proxy.url, operation, { key: issue([otherScope]) }))
      if (operation.body === 'toolRequest')
        expectStatus(operation, 413, request(proxy.url, operation, { key: full, body: oversized(operation) }))
      else
        expectDirectConforms(
          operation,
          413,
          request(healthy.origin + BASE_PATH, operation, {
            key: full,
            body: operation.method === 'POST' ? oversized(operation) : megabyte,
          }),
        )
      if (operation.body === 'toolRequest')
        expectStatus(operation, 422, request(proxy.url, operation, { key: full, body: '{"manifest":{"schema":"nope"}}' }))
      expectStatus(operation, 503, request(failingProxy.url, operation, { key: failing.key ?? '' }))
    }
    const exhausted = issue(SCOPES)
    for (let index = 0; index < 120; index++)
      curl(['-H', `Authorization: Bearer ${exhausted}`, `${healthy.origin}/api/developer/v1/status`])
    for (const operation of OPERATIONS) expectStatus(operation, 429, request(proxy.url, operation, { key: exhausted }))

    await new Promise((resolve) => setTimeout(resolve, 500))
    const log = [...proxy.log(), ...failingProxy.log()]
    expect(log.filter((line) => line.includes('Violation'))).toEqual([])
    // Each request went through to the server and back, so Prism checked each answer.
    expect(log.filter((line) => line.includes('Received forward response'))).toHaveLength(seen.length)
  }, 120_000)
})
