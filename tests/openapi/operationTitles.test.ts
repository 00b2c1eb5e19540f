/**
 * API references (Scalar in reference.html, Redoc, Swagger UI) list
 * operations by their `summary`: a short title, not a sentence.
 */
import { describe, expect, it } from 'vitest'
import { shippedDocuments } from './support/documents.ts'

type Operation = { summary?: string; description?: string }

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options'])

function operations(document: Record<string, unknown>): [string, Operation][] {
  const paths = document.paths as Record<string, Record<string, Operation>>
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
  )
}

describe('operation titles', () => {
  it.each(shippedDocuments().map((named) => [named.name, named.document] as const))(
    '%s: every operation has a short title without a full stop',
    (_name, document) => {
      for (const [where, operation] of operations(document)) {
        expect(operation.summary, where).toMatch(/^[A-Z][^.]{2,60}$/)
      }
    },
  )

  it('keeps the sentence that says what an API operation answers in its description', () => {
    const [api] = shippedDocuments()
    const validate = operations(api?.document ?? {}).find(([where]) => where === 'POST /tools/validate')?.[1]
    expect(validate?.summary).toBe('Validate a manifest')
    expect(validate?.description).toContain('Check a manifest deterministically against service.tool/v1.')
  })
})
