import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/**
 * Monaco's JSON mode starts its worker through `internal/common/workers.js`,
 * which also imports every editor contribution Monaco has (inline
 * completions, the diff editor's breadcrumbs, sticky scroll, quick access…):
 * ~1.9 MB of script a JSON editor never runs, loaded whether or not the page
 * asked for them. This points that one import at a module that only starts
 * the worker, so the editor carries just the contributions monacoSetup.ts
 * imports by name.
 *
 * @note The build fails when monaco-editor no longer has the file at that
 * place, so an upgrade that moves it cannot silently bring the weight back.
 */
const WORKERS_MODULE = 'internal/common/workers.js'
const REPLACEMENT = fileURLToPath(new URL('../app/editor/monaco/startLanguageWorker.ts', import.meta.url))

/** The plugin's name, for a build that must leave it out (the bench's Monaco floor). */
export const MONACO_JSON_ONLY = 'developer-sandbox:monaco-json-only'

export function monacoJsonOnly(): Plugin {
  // The package's ESM entry is esm/vs/index.js; every module named below sits beside it.
  const monacoRoot = dirname(fileURLToPath(import.meta.resolve('monaco-editor')))
  const original = join(monacoRoot, WORKERS_MODULE)
  const jsonFeature = join(monacoRoot, 'languages', 'features', 'json')
  let replaced = false
  let jsonFeatureBuilt = false
  return {
    name: MONACO_JSON_ONLY,
    enforce: 'pre',
    buildStart() {
      if (!existsSync(original)) this.error(`Failed to slim Monaco: "${original}" is gone; check what the JSON mode imports now.`)
    },
    resolveId(source, importer) {
      if (importer?.startsWith(jsonFeature)) jsonFeatureBuilt = true
      if (!importer || !source.endsWith(WORKERS_MODULE)) return null
      if (!importer.startsWith(jsonFeature)) return null
      replaced = true
      return REPLACEMENT
    },
    buildEnd() {
      // The JSON mode was built but no longer imports the module this stands in for: its weight came back some other way.
      if (jsonFeatureBuilt && !replaced)
        this.error(`Failed to slim Monaco: the JSON mode no longer imports "${WORKERS_MODULE}"; check how it starts its worker now.`)
    },
  }
}
