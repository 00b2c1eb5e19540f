/**
 * Every example in both documents (parameters, request bodies, responses,
 * headers, wherever they sit) is valid against the schema it sits under, as
 * the tools that build requests from examples and the linters that check them
 * read it: one Ajv (JSON Schema 2020-12) over the whole document, so `$ref`s
 * resolve as they do for those tools.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { shippedDocuments } from './support/documents.ts'

interface Found {
  /** JSON Pointer of the object that holds the schema and its examples. */
  at: string
  kind: 'parameter' | 'header' | 'media'
  values: { name: string; value: unknown }[]
}

const pointer = (segments: string[]) => `#/${segments.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`

/** Is this object a parameter, a header or a media type: the three places OpenAPI puts a schema with examples? */
function kindOf(path: string[], node: Record<string, unknown>): Found['kind'] | undefined {
  const parent = path.at(-2)
  if (typeof node.in === 'string' && typeof node.name === 'string') return 'parameter'
  if (parent === 'headers') return 'header'
  if (parent === 'content') return 'media'
  return undefined
}

/** Every parameter, header and media type with a schema, and the examples it carries. */
function examplesIn(document: Record<string, unknown>): Found[] {
  const found: Found[] = []
  const visit = (node: unknown, path: string[]) => {
    if (typeof node !== 'object' || node === null) return
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        visit(item, [...path, String(index)])
      })
      return
    }
    const record = node as Record<string, unknown>
    const kind = kindOf(path, record)
    if (kind && 'schema' in record) {
      const values: Found['values'] = []
      if ('example' in record) values.push({ name: 'example', value: record.example })
      for (const [name, example] of Object.entries((record.examples ?? {}) as Record<string, { value?: unknown }>)) {
        if ('value' in example) values.push({ name, value: example.value })
      }
      found.push({ at: pointer(path), kind, values })
    }
    for (const [key, value] of Object.entries(record)) {
      // Schemas and example values hold no parameters, headers or media types, whatever their keys look like.
      if (!['schema', 'schemas', 'example', 'examples'].includes(key)) visit(value, [...path, key])
    }
  }
  visit({ paths: document.paths, components: document.components }, [])
  return found
}

function validatorFor(document: Record<string, unknown>) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const id = 'urn:developer-sandbox:document'
  ajv.addSchema({ $id: id, paths: document.paths, components: document.components })
  return (at: string, value: unknown) => {
    const validate = ajv.getSchema(`${id}${at.replace(/[{}]/g, encodeURIComponent)}/schema`)
    if (!validate) throw new Error(`Failed to find the schema at ${at}`)
    return validate(value) ? [] : (validate.errors ?? [])
  }
}

describe('every example in the OpenAPI documents', () => {
  for (const { name, document } of shippedDocuments()) {
    it(`${name}: each matches the schema it sits under`, () => {
      const validate = validatorFor(document)
      const found = examplesIn(document)
      const checked = found.flatMap(({ at, kind, values }) =>
        values.map(({ name: example, value }) => ({ where: `${kind} ${at} ${example}`, errors: validate(at, value) })),
      )
      expect(checked.filter(({ errors }) => errors.length > 0)).toEqual([])
      // The walk reaches parameters and bodies; every body carries an example, and in the API's document every
      // parameter and header too, which is what a tool that builds a request from the document sends.
      for (const kind of ['parameter', 'media'] as const)
        expect(
          found.some((entry) => entry.kind === kind),
          kind,
        ).toBe(true)
      const mustCarry = name === 'control-openapi.json' ? ['media'] : ['media', 'parameter', 'header']
      expect(found.filter(({ kind, values }) => mustCarry.includes(kind) && values.length === 0).map(({ at }) => at)).toEqual([])
      expect(checked.length).toBeGreaterThan(40)
    })
  }

  it('reports an example that breaks its schema, wherever it sits', () => {
    const [api] = shippedDocuments()
    const document = api?.document as Record<string, unknown> & {
      components: { parameters: Record<string, { example?: unknown }>; headers: Record<string, { example?: unknown }> }
    }
    document.components.parameters['X-Request-ID'] = { ...document.components.parameters['X-Request-ID'], example: 'not valid!' }
    document.components.headers['X-RateLimit-Limit'] = { ...document.components.headers['X-RateLimit-Limit'], example: 121 }
    const validate = validatorFor(document)
    const broken = examplesIn(document).flatMap(({ at, values }) =>
      values.filter(({ value }) => validate(at, value).length > 0).map(() => at),
    )
    expect(broken).toEqual(['#/components/parameters/X-Request-ID', '#/components/headers/X-RateLimit-Limit'])
  })
})
