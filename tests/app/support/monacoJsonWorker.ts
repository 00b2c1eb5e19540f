/**
 * Monaco's own JSON worker class, run in Node with the manifest editor's
 * settings (src/app/editor/language/manifestLanguageSettings.ts): the same
 * code the page's json.worker runs, so what it marks here it marks there.
 */
// @ts-expect-error monaco-editor ships its worker classes without type declarations
import { JSONWorker } from 'monaco-editor/languages/features/json/jsonWorker'
import { MANIFEST_DIAGNOSTICS, MANIFEST_MODEL_PATH } from '../../../src/app/editor/language/manifestLanguageSettings.ts'
import type { EditorMarker, MarkerSeverity } from '../../../src/app/editor/validation/editorMarkers.ts'

interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } }
  severity?: number
  message: string
}

const SEVERITY: Record<number, MarkerSeverity> = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' }

/** The URI @monaco-editor/react gives the model opened under `path`. */
const MODEL_URI = `file:///${MANIFEST_MODEL_PATH}`

function offsetOf(text: string, line: number, character: number): number {
  let offset = 0
  for (let at = 0; at < line; at++) {
    const next = text.indexOf('\n', offset)
    if (next === -1) return text.length
    offset = next + 1
  }
  return Math.min(text.length, offset + character)
}

/** The worker's diagnostics for `text`, as the editor's markers (before the editor drops the false integer ones). */
export async function monacoWorkerMarkers(text: string, settings: object = MANIFEST_DIAGNOSTICS): Promise<EditorMarker[]> {
  const model = { uri: { toString: () => MODEL_URI }, version: 1, getValue: () => text }
  const worker = new JSONWorker(
    { getMirrorModels: () => [model] },
    { languageSettings: settings, languageId: 'json', enableSchemaRequest: false },
  )
  const diagnostics = (await worker.doValidation(MODEL_URI)) as Diagnostic[]
  return diagnostics.map((diagnostic) => ({
    severity: SEVERITY[diagnostic.severity ?? 1] ?? 'error',
    message: diagnostic.message,
    from: offsetOf(text, diagnostic.range.start.line, diagnostic.range.start.character),
    to: offsetOf(text, diagnostic.range.end.line, diagnostic.range.end.character),
  }))
}
