import type { Plugin } from 'vite'

/** The module the playground imports at boot to start the sandbox and its worker. */
const RUNTIME_ENTRY = 'src/app/state/runtime/startRuntime.ts'

/**
 * Lets the browser fetch the sandbox runtime (the core and MSW) while the
 * entry script is still downloading, instead of after it has run.
 * @note The runtime stays a dynamic import, so the page frame still paints
 * without waiting for it to execute; only the download moves earlier.
 */
export function preloadRuntime(): Plugin {
  let base = '/'
  return {
    name: 'developer-sandbox:preload-runtime',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle || !context.filename.endsWith('index.html')) return
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk')
        const runtime = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(RUNTIME_ENTRY))
        if (!runtime) throw new Error(`Failed to preload "${RUNTIME_ENTRY}": no chunk for it in the build`)
        const files = new Set<string>()
        const visit = (fileName: string) => {
          if (files.has(fileName)) return
          files.add(fileName)
          const chunk = chunks.find((candidate) => candidate.fileName === fileName)
          for (const imported of chunk?.imports ?? []) visit(imported)
        }
        visit(runtime.fileName)
        // Files the page already loads or preloads (the entry's static graph) need no second hint.
        return [...files]
          .filter((fileName) => !html.includes(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${fileName}` },
            injectTo: 'head' as const,
          }))
      },
    },
  }
}
