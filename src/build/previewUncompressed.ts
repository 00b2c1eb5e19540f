import type { Plugin } from 'vite'

/** Set by the browser suite's web server (playwright.config.ts). */
export const PREVIEW_UNCOMPRESSED = 'PREVIEW_UNCOMPRESSED'

/**
 * `vite preview` gzips every answer again as it sends it. A browser suite loads the editor's
 * code (4 MB, the Monaco chunk alone 3.4 MB) in a fresh context for each of some 200 tests: gzipping that
 * chunk took the preview server 140 ms of CPU a time against 23 ms sent as it is, and the browser then
 * inflates it. With `PREVIEW_UNCOMPRESSED=1`, the preview sends files as they are. Runs before Vite's own
 * middleware, which compresses only for a request that accepts an encoding.
 */
export function previewUncompressed(): Plugin {
  return {
    name: 'developer-sandbox:preview-uncompressed',
    configurePreviewServer(server) {
      if (process.env[PREVIEW_UNCOMPRESSED] !== '1') return
      server.middlewares.use((request, _response, next) => {
        delete request.headers['accept-encoding']
        next()
      })
    },
  }
}
