import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { generateOpenApiExamples, generateRequestExampleAnswers } from '../../scripts/generate-openapi-examples.mjs'
import { buildOpenApiDocument, OPERATIONS } from '../../src/api/core.ts'

type ResponseDoc = {
  content: Record<string, { schema: { $ref: string }; examples?: Record<string, { value: { status?: number; code?: string } }> }>
}
const document = buildOpenApiDocument()
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
ajv.addSchema({ $id: 'urn:sandbox:openapi', components: document.components })

describe('OpenAPI examples', () => {
  it('are what the core answers now (run npm run generate:examples)', async () => {
    const committed = readFileSync(new URL('../../src/api/openapi/examples.generated.json', import.meta.url), 'utf8')
    expect(committed).toBe(await generateOpenApiExamples())
  }, 30_000)

  it('record what the core answers to each request example now (run npm run generate:examples)', async () => {
    const committed = readFileSync(new URL('../../src/api/openapi/requestExamples.generated.json', import.meta.url), 'utf8')
    expect(committed).toBe(await generateRequestExampleAnswers())
  }, 30_000)

  it('give every operation one example for every documented status, of that status and valid against its schema', () => {
    for (const operation of OPERATIONS) {
      const responses = (document.paths as Record<string, Record<string, { responses: Record<string, ResponseDoc> }>>)[operation.path]?.[
        operation.method.toLowerCase()
      ]?.responses
      for (const [status, response] of Object.entries(responses ?? {})) {
        for (const media of Object.values(response.content)) {
          const examples = Object.values(media.examples ?? {})
          expect(examples, `${operation.operationId} ${status}`).toHaveLength(1)
          if (status !== '200') expect(examples[0]?.value.status).toBe(Number(status))
          const validate = ajv.compile({ $ref: `urn:sandbox:openapi${media.schema.$ref}` })
          expect(validate(examples[0]?.value) ? [] : validate.errors, `${operation.operationId} ${status}`).toEqual([])
        }
      }
    }
  })
})
