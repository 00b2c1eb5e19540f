/**
 * Monaco's JSON worker with the editor's strict-JSON settings minus the
 * schema (src/app/editor/language/manifestLanguageSettings.ts): what the
 * editor marks for a text's syntax alone.
 */
import { MANIFEST_DIAGNOSTICS } from '../../../src/app/editor/language/manifestLanguageSettings.ts'
import { monacoWorkerMarkers } from './monacoJsonWorker.ts'

const SYNTAX_ONLY = { ...MANIFEST_DIAGNOSTICS, schemas: [] }

/** The error markers the editor's worker reports for `text`'s syntax. */
export async function editorErrorMarkers(text: string) {
  return (await monacoWorkerMarkers(text, SYNTAX_ONLY)).filter((marker) => marker.severity === 'error')
}
