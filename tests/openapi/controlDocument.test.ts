/**
 * The control API's OpenAPI document, read by the same tools as the main
 * document, with every request and response example valid against its schema.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { buildControlOpenApiDocument, CONTROL_PROBLEM_CODES } from '../../src/api/core.ts'
import { controlledSandbox } from '../control/support.ts'

const document = buildControlOpenApiDocument()

interface Media {
  schema: unknown
  example?: unknown
}

interface Operation {
  tags: string[]
  requestBody?: unknown
  responses: Record<string, unknown>
}

/** Every operation of the document; a path item's `description` is not one. */
function operations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, unknown>)
      .filter(([method]) => method !== 'description')
      .map(([method, operation]) => ({ path, method, operation: operation as Operation })),
  )
}

/** The operations every host answers: the `workspaces` ones are the team sandbox's (tests/workerd/workspaceLifecycle.test.ts checks them). */
const everyHost = () => operations().filter(({ operation }) => !operation.tags.includes('workspaces'))

/** Every media type of every request body and response, with where it is. */
function mediaTypes(): { where: string; media: Media }[] {
  const found: { where: string; media: Media }[] = []
  for (const { path, method, operation } of operations()) {
    {
      const body = operation.requestBody as { content: Record<string, Media> } | undefined
      for (const [type, media] of Object.entries(body?.content ?? {})) found.push({ where: `${method} ${path} request ${type}`, media })
      for (const [status, response] of Object.entries(operation.responses as Record<string, { content: Record<string, Media> }>)) {
        for (const [type, media] of Object.entries(response.content ?? {}))
          found.push({ where: `${method} ${path} ${status} ${type}`, media })
      }
    }
  }
  return found
}

describe('the control API document', () => {
  it('is valid OpenAPI 3.1 by an independent schema validator', async () => {
    const result = await new Validator().validate(structuredClone(document))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('passes Redocly lint (recommended rules)', async () => {
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'control-openapi.json', config })
    expect(
      problems.map((problem) => `${problem.ruleId} ${problem.severity}: ${problem.message} at ${problem.location[0]?.pointer}`),
    ).toEqual([])
  })

  it('carries a valid example on every request and response body', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats.default(ajv)
    ajv.addSchema({ $id: 'https://sandbox.test/control', components: document.components })
    const media = mediaTypes()
    expect(media.length).toBeGreaterThan(20)
    for (const { where, media: item } of media) {
      expect(item.example, where).toBeDefined()
      const ref = (item.schema as { $ref: string }).$ref.replace('#/', 'https://sandbox.test/control#/')
      const validate = ajv.compile({ $ref: ref })
      expect(validate(item.example) ? [] : validate.errors, where).toEqual([])
    }
    // The same check refuses an example that breaks its schema.
    const broken = ajv.compile({ $ref: 'https://sandbox.test/control#/components/schemas/ClockState' })
    expect(broken({ now: '2026-09-01T12:00:00.000Z' })).toBe(false)
  })

  it('documents on each route every refusal status the handler answers there', async () => {
    const c = controlledSandbox()
    const oversized = `"${'x'.repeat(64 * 1024 * 1024)}"`
    const fixedKey = `svc_test_${'A'.repeat(39)}Qx4A`
    await c.control('POST', '/keys', { scopes: ['status.read'], key: fixedKey })
    const provoke: Record<number, (path: string, method: string, operation: Operation) => Promise<Response> | undefined> = {
      401: (path, method) => c.control(method.toUpperCase(), path.replace('{id}', 'key_none'), undefined, { token: null }),
      404: (path, method) => (path.includes('{id}') ? c.control(method.toUpperCase(), path.replace('{id}', 'key_none')) : undefined),
      409: (path, method) =>
        path === '/keys' && method === 'post' ? c.control('POST', '/keys', { scopes: ['status.read'], key: fixedKey }) : undefined,
      // Over the state import's cap is over every other route's cap too; a GET carries no body.
      413: (path, method) =>
        method === 'get' ? undefined : c.control(method.toUpperCase(), path.replace('{id}', 'key_none'), undefined, { raw: oversized }),
    }
    const answered: string[] = []
    const documented: string[] = []
    for (const { path, method, operation } of everyHost()) {
      for (const [status, call] of Object.entries(provoke)) {
        const response = await call(path, method, operation)
        if (response?.status === Number(status)) answered.push(`${method} ${path} ${status}`)
        if (status in operation.responses) documented.push(`${method} ${path} ${status}`)
      }
    }
    expect(answered).toContain('post /keys 409')
    expect(answered).toContain('put /state 413')
    // Answered by the team sandbox only, to a workspace whose saved state did not load (tests/workerd/damagedWorkspace.test.ts).
    const teamOnly = ['post /reset 409']
    expect(documented.filter((entry) => !entry.endsWith(' 401') && !teamOnly.includes(entry))).toEqual(
      answered.filter((entry) => !entry.endsWith(' 401')),
    )
    expect(answered.filter((entry) => entry.endsWith(' 401'))).toHaveLength(everyHost().length)
    expect(documented).toEqual(expect.arrayContaining(answered))
  })

  it('says on each path the methods its 405 allows, as the handler answers them', async () => {
    const c = controlledSandbox()
    const hostPaths = new Set(everyHost().map(({ path }) => path))
    for (const [path, item] of Object.entries(document.paths).filter(([path]) => hostPaths.has(path))) {
      expect(item.description, path).toContain('405 (method_not_allowed)')
      const methods = Object.keys(item).filter((key) => key !== 'description')
      const response = await c.control('PATCH', path.replace('{id}', 'key_none'))
      expect(response.status, path).toBe(405)
      expect(response.headers.get('Allow')?.split(', ').sort(), path).toEqual(methods.map((method) => method.toUpperCase()).sort())
    }
  })

  it('lists every problem code the handler answers with', () => {
    const schema = document.components.schemas.ControlProblem.properties.code
    expect(schema.enum).toEqual(CONTROL_PROBLEM_CODES)
  })

  it('is served at /_developer-sandbox/openapi.json without a token', async () => {
    const c = controlledSandbox()
    const response = await c.control('GET', '/openapi.json', undefined, { token: null })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(document)))
  })
})
