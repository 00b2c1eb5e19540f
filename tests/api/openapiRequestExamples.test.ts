/**
 * The request bodies the OpenAPI document shows, sent as a tool would send
 * them: the first (`valid`) of every body answers 200 through the real core,
 * and each named example of a contract violation answers 422 with exactly the
 * violations its description lists.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { buildOpenApiDocument, OPERATIONS, SCOPES } from '../../src/api/index.ts'
import type { ProblemBody } from './support/contract.ts'
import { makeSandbox, postJson } from './support/harness.ts'

interface ExampleDoc {
  summary: string
  description: string
  value: unknown
}
type RequestBodyDoc = { content: Record<string, { schema: { $ref: string }; examples?: Record<string, ExampleDoc> }> }

const document = buildOpenApiDocument()
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
ajv.addSchema({ $id: 'urn:sandbox:openapi', components: document.components })

const withBodies = OPERATIONS.filter((operation) => operation.body !== 'none').map((operation) => {
  const entry = (document.paths as Record<string, Record<string, { requestBody?: RequestBodyDoc }>>)[operation.path]?.[
    operation.method.toLowerCase()
  ]
  const media = entry?.requestBody?.content['application/json']
  return { operation, media, examples: Object.entries(media?.examples ?? {}) }
})

describe('OpenAPI request examples', () => {
  it('give every request body a valid example first, which its documented schema accepts', () => {
    expect(withBodies.map(({ operation }) => operation.operationId).sort()).toEqual(['createWebhookTest', 'previewTool', 'validateTool'])
    for (const { operation, media, examples } of withBodies) {
      expect(examples[0]?.[0], operation.operationId).toBe('valid')
      const validate = ajv.compile({ $ref: `urn:sandbox:openapi${media?.schema.$ref}` })
      expect(validate(examples[0]?.[1].value) ? [] : validate.errors, operation.operationId).toEqual([])
    }
  })

  it('name an example for each common 422 of the tool requests', () => {
    for (const { operation, examples } of withBodies.filter(({ operation }) => operation.body === 'toolRequest')) {
      expect(examples.map(([name]) => name).sort(), operation.operationId).toEqual(
        ['closedPermission', 'displayOutOfBounds', 'executableDisplay', 'missingRequired', 'valid', 'wrongSchema'].sort(),
      )
    }
  })

  it('answer as documented through the real core: valid ones 200, the named ones 422 with the violations their description lists', async () => {
    const { call, issue } = await makeSandbox()
    const { key } = await issue(SCOPES)
    let sent = 0
    for (const { operation, examples } of withBodies) {
      for (const [name, example] of examples) {
        const result = await call(operation.path, { key, ...postJson(example.value) })
        sent++
        const label = `${operation.operationId} ${name}`
        if (name === 'valid') {
          expect(result.status, label).toBe(200)
          expect(example.description, label).toBe('Passes every check: answers 200.')
          continue
        }
        expect(result.status, label).toBe(422)
        const problem = result.body as ProblemBody
        expect(problem.code, label).toBe('manifest_invalid')
        const violations = problem.errors ?? []
        expect(violations.length, label).toBeGreaterThan(0)
        expect(example.description, label).toBe(
          `Answers 422 \`manifest_invalid\`: ${violations.map((violation) => `\`${violation.pointer}\` ${violation.message}`).join('; ')}.`,
        )
      }
    }
    expect(sent).toBe(2 * 6 + 1)
  })
})
