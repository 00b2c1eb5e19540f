import type { Plugin } from 'vite'

/** The part of a build's output this plugin reads. */
type Output =
  | { type: 'chunk'; imports: string[]; dynamicImports: string[]; code: string; facadeModuleId: string | null }
  | { type: 'asset' }
type Bundle = Record<string, Output>

/** Where the build writes the editor's scripts, for the page to fetch in idle time (src/app/frame/prefetchEditor.ts). */
export const EDITOR_PREFETCH_FILE = 'assets/editor-prefetch.json'

/** The module whose chunk is the editor's code: Monaco and the glue around it. */
const EDITOR_MODULE = /\/src\/app\/editor\/ManifestEditor\.tsx$/

/** Every chunk `file` imports, statically or dynamically (Monaco loads its JSON mode on demand), and itself. */
function chunkClosure(bundle: Bundle, file: string, seen = new Set<string>()): Set<string> {
  const output = bundle[file]
  if (seen.has(file) || output?.type !== 'chunk') return seen
  seen.add(file)
  for (const next of [...output.imports, ...output.dynamicImports]) chunkClosure(bundle, next, seen)
  return seen
}

/**
 * Lists the editor's scripts in the build, so a page that opens elsewhere
 * can fetch them once it is idle after its first answer, without running
 * them: the editor then opens from the cache, and Monaco never costs a page
 * that does not show it. A build without the editor (the other pages) gets
 * no list.
 */
export function editorPrefetch(): Plugin {
  return {
    name: 'developer-sandbox:editor-prefetch',
    apply: 'build',
    generateBundle(_options, output) {
      const bundle = output as Bundle
      const editor = Object.entries(bundle).find(([, chunk]) => chunk.type === 'chunk' && EDITOR_MODULE.test(chunk.facadeModuleId ?? ''))
      if (!editor) return
      const scripts = chunkClosure(bundle, editor[0])
      // The workers it starts are assets its code names; they are fetched too, never started.
      const code = [...scripts].map((file) => {
        const chunk = bundle[file]
        return chunk?.type === 'chunk' ? chunk.code : ''
      })
      const workers = Object.keys(bundle).filter(
        (file) => /\.worker-[\w-]+\.js$/.test(file) && code.some((text) => text.includes(file.split('/').pop() ?? file)),
      )
      this.emitFile({
        type: 'asset',
        fileName: EDITOR_PREFETCH_FILE,
        source: JSON.stringify({ modules: [...scripts].sort(), workers: workers.sort() }),
      })
    },
  }
}
