import { buildOpenApiDocument } from '../../src/api/core.ts'
import { expect, test } from './support/fixtures.ts'
import { openPlayground } from './support/playground.ts'

test('serves the OpenAPI document next to the page and links it from the navigation', async ({ page, request, baseURL }) => {
  await openPlayground(page)
  const link = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'OpenAPI document' })
  const href = await link.getAttribute('href')
  const url = new URL(href ?? '', page.url()).href
  expect(url).toBe(new URL('openapi.json', baseURL).href)

  const response = await request.get(url)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^application\/json/)
  const document = (await response.json()) as { openapi: string; paths: unknown; servers: { url: string }[] }
  expect(document.openapi).toBe('3.1.0')
  expect(document.paths).toEqual(buildOpenApiDocument().paths)
  // The first server resolves against the document's URL: the very sandbox the reader is looking at.
  expect(new URL(document.servers[0]?.url ?? '', url).href).toBe(new URL('/api/developer/v1', baseURL).href)
})
