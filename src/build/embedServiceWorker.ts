import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Plugin } from 'vite'

/** Where the embed worker lives, beside embed.html under the site's base (src/embed/runtime/workerLink.ts registers it). */
export const EMBED_WORKER_FILE = 'embed-sw.js'
/** The classic script embed.html loads async to start the worker's registration early (src/embed/frame/earlyRegistration.ts). */
export const EMBED_START_FILE = 'embed-start.js'

const ENTRIES = {
  [EMBED_WORKER_FILE]: fileURLToPath(new URL('../embed/worker/embedWorker.ts', import.meta.url)),
  [EMBED_START_FILE]: fileURLToPath(new URL('../embed/frame/embedStart.ts', import.meta.url)),
}
type Output = keyof typeof ENTRIES

const CSP_META = /<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i
const CHARSET = /<meta\s+charset=["']?utf-8["']?\s*\/?>/i

/**
 * One classic script with nothing to import: every engine runs a classic
 * service worker, while module workers are not everywhere yet.
 */
async function bundle(file: Output, minify: boolean): Promise<string> {
  const result = await build({
    entryPoints: [ENTRIES[file]],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    minify,
    write: false,
    legalComments: 'none',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error(`Failed to build "${file}": esbuild wrote nothing`)
  return output.text
}

/**
 * Emits `embed-sw.js` and `embed-start.js` with the page that uses them, serves them from the dev server at
 * the same place, and puts `embed-start.js` in embed.html's head, async, so it runs before the page's module.
 */
export function embedServiceWorker(): Plugin {
  let base = '/'
  return {
    name: 'developer-sandbox:embed-service-worker',
    configResolved(config) {
      base = config.base
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? ''
        const file = Object.keys(ENTRIES).find((name) => path === `${base}${name}`) as Output | undefined
        if (!file) return next()
        bundle(file, false).then(
          (code) => {
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8')
            response.end(code)
          },
          (error: unknown) => next(error),
        )
      })
    },
    transformIndexHtml: {
      // After Vite's own processing (which would try to bundle a classic script) and after the page's
      // Content-Security-Policy is in (cspPlugin.ts, earlier in the plugin list), so the policy governs it.
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('embed.html')) return html
        // First in the head after the policy: its request goes out before the module's and the stylesheet's,
        // so it arrives and runs while the renderer is still busy with every other frame on the page.
        const tag = `<script src="${base}${EMBED_START_FILE}" async></script>`
        const anchor = CSP_META.test(html) ? CSP_META : CHARSET
        if (!anchor.test(html)) throw new Error(`Failed to add "${EMBED_START_FILE}" to "${context.filename}": no <meta charset>`)
        return html.replace(anchor, (meta) => `${meta}\n    ${tag}`)
      },
    },
    async generateBundle() {
      // Only the build of embed.html (the playground and the other pages are built apart, without it).
      if (this.environment.name !== 'embed') return
      for (const file of Object.keys(ENTRIES) as Output[])
        this.emitFile({ type: 'asset', fileName: file, source: await bundle(file, true) })
    },
  }
}
