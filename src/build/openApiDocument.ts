import type { Plugin } from 'vite'
import { BASE_PATH, buildOpenApiDocument } from '../api/core.ts'

/** Where the document lives, next to the page (under the site's base). */
export const OPENAPI_FILE = 'openapi.json'

/**
 * The site's copy of the OpenAPI document. Its first server is the path
 * alone, which OpenAPI resolves against the document's own URL, so a tool
 * that imports `https://<host>/openapi.json` talks to that same host.
 */
export function siteOpenApiJson(): string {
  const document = buildOpenApiDocument()
  return `${JSON.stringify({ ...document, servers: [{ url: BASE_PATH, description: 'The origin this document was served from.' }, ...document.servers] }, null, 2)}\n`
}

/** Emits `openapi.json` into the build, and serves it from the dev server at the same place. */
export function openApiDocument(): Plugin {
  let base = '/'
  return {
    name: 'developer-sandbox:openapi-document',
    configResolved(config) {
      base = config.base
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]
        if (path !== `${base}${OPENAPI_FILE}`) return next()
        response.setHeader('Content-Type', 'application/json; charset=utf-8')
        response.end(siteOpenApiJson())
      })
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: OPENAPI_FILE, source: siteOpenApiJson() })
    },
  }
}
