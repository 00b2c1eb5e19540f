import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generateOpenApiExamples } from '../../scripts/generate-openapi-examples.mjs'
import { buildOpenApiDocument, OPERATIONS } from '../../src/api/core.ts'

type ResponseDoc = { content: Record<string, { examples?: Record<string, { value: { status?: number; code?: string } }> }> }
const document = buildOpenApiDocument()

describe('OpenAPI examples', () => {
  it('are what the core answers now (run npm run generate:examples)', async () => {
    const committed = readFileSync(new URL('../../src/api/openapi/examples.generated.ts', import.meta.url), 'utf8')
    expect(committed).toBe(await generateOpenApiExamples())
  }, 30_000)

  it('give every operation one example for every documented status, of that status', () => {
    for (const operation of OPERATIONS) {
      const responses = (document.paths as Record<string, Record<string, { responses: Record<string, ResponseDoc> }>>)[operation.path]?.[
        operation.method.toLowerCase()
      ]?.responses
      for (const [status, response] of Object.entries(responses ?? {})) {
        const examples = Object.values(response.content).flatMap((media) => Object.values(media.examples ?? {}))
        expect(examples, `${operation.operationId} ${status}`).toHaveLength(1)
        if (status !== '200') expect(examples[0]?.value.status).toBe(Number(status))
      }
    }
  })
})
