import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Plugin } from 'vite'

/** Where the embed worker lives, beside embed.html under the site's base (src/embed/runtime/workerLink.ts registers it). */
export const EMBED_WORKER_FILE = 'embed-sw.js'

const ENTRY = fileURLToPath(new URL('../embed/worker/embedWorker.ts', import.meta.url))

/**
 * One classic script with nothing to import: every engine runs a classic
 * service worker, while module workers are not everywhere yet.
 */
async function bundleWorker(minify: boolean): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    minify,
    write: false,
    legalComments: 'none',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error(`Failed to build "${EMBED_WORKER_FILE}": esbuild wrote nothing`)
  return output.text
}

/** Emits `embed-sw.js` with the pages that use it, and serves it from the dev server at the same place. */
export function embedServiceWorker(): Plugin {
  let base = '/'
  return {
    name: 'developer-sandbox:embed-service-worker',
    configResolved(config) {
      base = config.base
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]
        if (path !== `${base}${EMBED_WORKER_FILE}`) return next()
        bundleWorker(false).then(
          (code) => {
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8')
            response.end(code)
          },
          (error: unknown) => next(error),
        )
      })
    },
    async generateBundle() {
      // Only the build of embed.html (the playground and the other pages are built apart, without it).
      if (this.environment.name !== 'embed') return
      this.emitFile({ type: 'asset', fileName: EMBED_WORKER_FILE, source: await bundleWorker(true) })
    },
  }
}
