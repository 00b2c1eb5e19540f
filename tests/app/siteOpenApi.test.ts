/** The OpenAPI document the site serves at /openapi.json: from the dev server here, from the build in tests/e2e/openApiDocument.spec.ts. */

import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildOpenApiDocument, OPERATIONS } from '../../src/api/core.ts'
import { startDevServer } from '../support/devServer.ts'

let server: ViteDevServer
let origin: string

beforeAll(async () => {
  ;({ server, origin } = await startDevServer())
})

afterAll(async () => {
  await server?.close()
})

describe('the dev server', () => {
  it('serves the OpenAPI document next to the page, with every operation', async () => {
    const response = await fetch(`${origin}/openapi.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const document = (await response.json()) as ReturnType<typeof buildOpenApiDocument>
    expect(document.paths).toEqual(buildOpenApiDocument().paths)
    const operationIds = Object.values(document.paths).flatMap((entry) =>
      Object.values(entry).map((item) => (item as { operationId: string }).operationId),
    )
    expect(operationIds.sort()).toEqual(OPERATIONS.map((operation) => operation.operationId).sort())
  })

  it('names the serving origin as the first server, by a path OpenAPI resolves against the document', async () => {
    const document = (await (await fetch(`${origin}/openapi.json`)).json()) as { servers: { url: string }[] }
    expect(new URL(document.servers[0]?.url ?? '', `${origin}/openapi.json`).href).toBe(`${origin}/api/developer/v1`)
  })
})
