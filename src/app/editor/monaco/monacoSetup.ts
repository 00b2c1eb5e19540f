/**
 * Monaco from the local package, JSON only. This module is the only one that
 * imports monaco-editor, and it is reached through a dynamic import, so the
 * ~1 MB editor never delays the page or the API.
 *
 * @note We import `monaco-editor/editor`, the editor features and the JSON
 * language instead of `monaco-editor`, which would pull the TypeScript, CSS
 * and HTML language services and workers (~8.5 MB) a JSON editor never uses. `loader.config({ monaco })` stops
 * @monaco-editor/react from fetching Monaco from a CDN.
 */
import { loader } from '@monaco-editor/react'
import * as monaco from 'monaco-editor/editor'
// Every editor feature, registered before the first editor exists. Picking a
// few saves nothing: the JSON mode's worker manager imports them all anyway
// (monaco-editor/internal/common/workers), and a contribution that arrives
// after the editor was created fails for want of its service
// ("depends on UNKNOWN service ICodeLensCache").
import 'monaco-editor/features/register.all'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import JsonWorker from 'monaco-editor/language/json/json.worker?worker'
import { jsonDefaults } from 'monaco-editor/languages/features/json/register'
import { MANIFEST_SCHEMA_URI, manifestSchema } from '../../../api/core.ts'

/** The model path the manifest schema is bound to; the editor opens its model under it. */
export const MANIFEST_MODEL_PATH = 'sandbox/manifest.tool.json'

// Workers come from this origin, bundled by Vite from the local package.
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker()
  },
}

jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  // Never fetch a schema (not even the meta-schema named in `$schema`): the page talks to no other origin.
  enableSchemaRequest: false,
  schemaRequest: 'ignore',
  // The API refuses what the schema refuses, so the editor marks it as an error, not a warning.
  schemaValidation: 'error',
  comments: 'error',
  trailingCommas: 'error',
  schemas: [{ uri: MANIFEST_SCHEMA_URI, fileMatch: [MANIFEST_MODEL_PATH], schema: manifestSchema }],
})
jsonDefaults.setModeConfiguration({
  ...jsonDefaults.modeConfiguration,
  // Colour decorators would make manifest strings interactive; a reviewer only reads them.
  colors: false,
  // Markers are set by markerSync.ts instead, so we know which text each set belongs to.
  diagnostics: false,
})

loader.config({ monaco })

export { monaco }
