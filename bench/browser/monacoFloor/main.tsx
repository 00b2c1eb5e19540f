/**
 * The floor under the editor's figures: a bare page that mounts
 * @monaco-editor/react with Monaco's JSON language and nothing else (no
 * sandbox, no app, no contributions chosen by name), as its README shows.
 * It opens an invalid manifest under the manifest schema and sets the
 * editor's mark once Monaco has painted its first marker.
 */
import Editor, { loader } from '@monaco-editor/react'
import * as monaco from 'monaco-editor/editor'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import JsonWorker from 'monaco-editor/language/json/json.worker?worker'
import { jsonDefaults } from 'monaco-editor/languages/features/json/register'
import { createRoot } from 'react-dom/client'
import { MANIFEST_SCHEMA_URI, manifestSchema } from '../../../src/api/core.ts'
import { EDITOR_MARKERS_MARK } from '../coldStart.ts'

const INVALID = JSON.stringify({ schema: 'service.tool/v1', entry: 'k', permissions: ['health.read'] }, null, 2)

self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
}
jsonDefaults.setDiagnosticsOptions({
  validate: true,
  schemas: [{ uri: MANIFEST_SCHEMA_URI, fileMatch: ['manifest.json'], schema: manifestSchema }],
})
loader.config({ monaco })

let marked = false
function markOnceMarked(markers: monaco.editor.IMarker[]) {
  if (marked || markers.length === 0) return
  marked = true
  // After the frame that shows the marker has been painted, as the playground's mark is.
  requestAnimationFrame(() => setTimeout(() => performance.mark(EDITOR_MARKERS_MARK), 0))
}

const root = document.getElementById('root')
if (!root) throw new Error('Failed to start the Monaco floor: no #root')
// The JSON mode brings the editor contributions the package ships with it (suggest, hover, folding, bracket
// matching…), and an editor takes only those registered when it is created: left to load with the first JSON
// model, they came after the editor and it ran without any of them, the core alone, an editor nobody ships.
void import('monaco-editor/languages/features/json/jsonMode').then(() =>
  createRoot(root).render(<Editor height="100%" path="manifest.json" language="json" defaultValue={INVALID} onValidate={markOnceMarked} />),
)
