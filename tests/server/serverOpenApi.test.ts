import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { BASE_PATH, buildOpenApiDocument, OPERATIONS, PROBLEMS } from '../../src/api/core.ts'
import { HOST_PROBLEMS } from '../../src/server/hostProblem.ts'
import { serverOpenApiDocument } from '../../src/server/serverOpenApi.ts'

type Responses = Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>
type Document = {
  paths: Record<string, Record<string, { operationId: string; security?: unknown[]; responses: Responses }>>
  components: {
    schemas: Record<string, { properties?: { code: { enum: string[] } }; allOf?: { properties?: { code?: { enum: string[] } } }[] }>
  }
}

const served = serverOpenApiDocument('http://127.0.0.1:4010') as unknown as Document

/** Every `#/components/<kind>/<name>` the document defines and nothing refers to. */
function unusedComponents(document: object): string[] {
  const text = JSON.stringify(document)
  const components = (document as { components: Record<string, Record<string, unknown>> }).components
  return Object.entries(components).flatMap(([kind, entries]) =>
    kind === 'securitySchemes'
      ? []
      : Object.keys(entries)
          .map((name) => `#/components/${kind}/${name}`)
          .filter((pointer) => !text.includes(`"${pointer}"`)),
  )
}

describe('the OpenAPI document serve answers with', () => {
  it('declares the nine operations and no preflight: CORS is described, in the API description and under every 403', () => {
    const declared = Object.entries(served.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
    expect(declared.sort()).toEqual(OPERATIONS.map((operation) => `${operation.method.toLowerCase()} ${operation.path}`).sort())
    const description = (served as unknown as { info: { description: string } }).info.description
    expect(description).toContain('**CORS.** This server lets browser pages call from any http://localhost:* or http://127.0.0.1:* origin')
    expect(description).toContain('`--cors <origin,…>`')
    expect(description).toContain('answers 403 `origin_not_allowed`')
    for (const item of Object.values(served.paths)) {
      for (const entry of Object.values(item))
        expect(entry.responses['403']?.description, entry.operationId).toContain('origin_not_allowed')
    }
    // The description follows the server's own policy.
    const listed = serverOpenApiDocument('http://127.0.0.1:4010', ['https://app.example.test']) as { info: { description: string } }
    expect(listed.info.description).toContain('lets browser pages call from exactly https://app.example.test, its `--cors` list')
  })

  it('lists every code the server answers in the Problem schema, each under its status, and leaves the core document as it was', () => {
    const codes = served.components.schemas.Problem?.properties?.code.enum ?? []
    for (const code of Object.keys(HOST_PROBLEMS)) expect(codes).toContain(code)
    expect(served.components.schemas.Problem403?.allOf?.[1]?.properties?.code?.enum).toEqual([
      'scope_missing',
      'origin_not_allowed',
      'host_not_allowed',
    ])
    expect(buildOpenApiDocument().components.schemas.Problem.properties.code.enum).toEqual(Object.keys(PROBLEMS))
    expect(Object.keys(PROBLEMS)).not.toContain('host_not_allowed')
  })

  it('names this server and describes the Host check and node:http refusals', () => {
    const document = served as unknown as { servers: { url: string }[]; info: { description: string } }
    expect(document.servers).toEqual([{ url: `http://127.0.0.1:4010${BASE_PATH}`, description: expect.any(String) }])
    for (const code of ['host_not_allowed', 'headers_too_large', 'method_not_implemented', 'expectation_failed']) {
      expect(document.info.description).toContain(`\`${code}\``)
    }
  })

  it('refers to every component it defines, as does the core document', () => {
    expect(unusedComponents(served)).toEqual([])
    expect(unusedComponents(buildOpenApiDocument())).toEqual([])
    // The check can fail: a component nothing refers to is reported.
    const core = buildOpenApiDocument()
    expect(unusedComponents({ ...core, components: { ...core.components, schemas: { ...core.components.schemas, Lonely: {} } } })).toEqual([
      '#/components/schemas/Lonely',
    ])
  })

  it('is valid OpenAPI 3.1 (the linters run in tests/openapi/lint.test.ts)', async () => {
    const result = await new Validator().validate(structuredClone(served) as unknown as Parameters<Validator['validate']>[0])
    expect(result.errors ?? []).toEqual([])
  })
})
