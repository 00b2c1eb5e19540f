import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument, OPERATIONS, SCOPES } from '../../src/api/index.ts'
import { makeSandbox, postJson } from './support/harness.ts'

const document = buildOpenApiDocument()
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
ajv.addSchema({ $id: 'urn:sandbox:openapi', components: document.components })

type OperationDoc = {
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref: string } }> }>
}

function operationDoc(method: string, path: string): OperationDoc {
  const entry = (document.paths as Record<string, Record<string, OperationDoc>>)[path]?.[method.toLowerCase()]
  if (!entry) throw new Error(`no ${method} ${path} in the document`)
  return entry
}

/** Checks status, media type, headers and body of a real response against the document. */
function expectConforms(method: string, path: string, response: Response, body: unknown) {
  const spec = operationDoc(method, path).responses[String(response.status)]
  expect(spec, `${method} ${path} ${response.status} is documented`).toBeDefined()
  for (const header of Object.keys(spec?.headers ?? {})) expect(response.headers.get(header), header).not.toBeNull()
  const mediaType = response.headers.get('content-type') ?? ''
  const content = spec?.content?.[mediaType]
  expect(content, `media type ${mediaType}`).toBeDefined()
  const validate = ajv.compile({ $ref: `urn:sandbox:openapi${content?.schema.$ref}` })
  const ok = validate(body)
  expect(ok ? [] : validate.errors).toEqual([])
}

const VALID_MANIFEST = {
  schema: 'service.tool/v1',
  entry: 'demo',
  permissions: ['profile.read'],
  display: { layout: 'table', icon: 'star', color: 'blue', columns: [{ name: 'A', type: 'text' }] },
}

describe('OpenAPI document', () => {
  it('documents every operation with its required scope', () => {
    for (const operation of OPERATIONS) {
      const entry = operationDoc(operation.method, operation.path) as OperationDoc & { operationId: string; 'x-required-scope': string }
      expect(entry.operationId).toBe(operation.operationId)
      expect(entry['x-required-scope']).toBe(operation.scope)
    }
  })

  it('describes every real 200 response of the nine operations', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue()
    for (const operation of OPERATIONS) {
      const init =
        operation.body === 'toolRequest'
          ? postJson({ manifest: VALID_MANIFEST })
          : operation.body === 'webhookTest'
            ? postJson({ message: 'hi' })
            : { method: 'GET' }
      const result = await call(operation.path, { key, ...init })
      expect(result.status, operation.operationId).toBe(200)
      expectConforms(operation.method, operation.path, result.response, result.body)
    }
  })

  it('describes the real error responses (400, 401, 403, 413, 422, 429, 503)', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(['tools.validate'])
    const cases: [string, string, Parameters<typeof call>[1]][] = [
      ['POST', '/tools/validate', { key, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }],
      ['GET', '/status', {}],
      ['GET', '/status', { key }],
      ['POST', '/tools/validate', { key, ...postJson({ manifest: { schema: 'x'.repeat(70_000) } }) }],
      ['POST', '/tools/validate', { key, ...postJson({ manifest: { schema: 'nope' } }) }],
    ]
    for (const [method, path, init] of cases) {
      const result = await call(path, init)
      expectConforms(method, path, result.response, result.body)
    }
    let last = await call('/tools/validate', { key, ...postJson({ manifest: VALID_MANIFEST }) })
    for (let i = 0; i < 125 && last.status !== 429; i++)
      last = await call('/tools/validate', { key, ...postJson({ manifest: VALID_MANIFEST }) })
    expect(last.status).toBe(429)
    expectConforms('POST', '/tools/validate', last.response, last.body)

    const failing = await makeSandbox({ faults: () => ({ authorization: 'unavailable' }) })
    const { key: other } = await failing.issue(SCOPES)
    const closed = await failing.call('/status', { key: other })
    expect(closed.status).toBe(503)
    expectConforms('GET', '/status', closed.response, closed.body)
  })
})
