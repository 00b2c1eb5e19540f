/**
 * The OpenAPI documents the package ships and its hosts serve, as third-party
 * tools get them: the API's (as the core builds it, and as `serve` answers it
 * at /openapi.json) and the control API's.
 */
import { buildControlOpenApiDocument, buildOpenApiDocument } from '../../../src/api/core.ts'
import { serverOpenApiDocument } from '../../../src/server/serverOpenApi.ts'

export interface NamedDocument {
  name: string
  document: Record<string, unknown>
}

/** Fresh copies, so a test may change one without touching the others. */
export function shippedDocuments(): NamedDocument[] {
  return [
    { name: 'openapi.json', document: structuredClone(buildOpenApiDocument()) },
    { name: 'serve /openapi.json', document: structuredClone(serverOpenApiDocument('http://127.0.0.1:4010')) },
    { name: 'control-openapi.json', document: structuredClone(buildControlOpenApiDocument()) },
  ]
}
