/**
 * Sets the manifest model's markers from the JSON worker (the same language
 * service, settings and schema Monaco's own diagnostics would use) and
 * reports each set with the exact text it describes.
 *
 * @note Monaco's built-in diagnostics adapter is switched off in
 * monacoSetup.ts: it validates 500 ms after a change and raises no event when
 * an empty marker set stays empty, so nobody could tell whether the markers
 * on screen belong to the current text. Here that is known for every set.
 */
import { getWorker } from 'monaco-editor/languages/features/json/register'
import type { MarkerSnapshot } from '../validation/editorMarkers.ts'
import { withoutFalseIntegerMarkers } from './integerMarkers.ts'
import { monaco } from './monacoSetup.ts'

/** Same quiet time as the API check, so markers and verdict arrive together. */
export const MARKER_DEBOUNCE_MS = 300

/** An LSP diagnostic as vscode-json-languageservice returns it (0-based lines and characters). */
interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } }
  severity?: number
  message: string
  code?: string | number
}

/** The worker's `doValidation` exists at runtime but is not in the public `IJSONWorker` type. */
interface ValidatingWorker {
  doValidation(uri: string): Promise<Diagnostic[]>
}

const SEVERITY: Record<number, monaco.MarkerSeverity> = {
  1: monaco.MarkerSeverity.Error,
  2: monaco.MarkerSeverity.Warning,
  3: monaco.MarkerSeverity.Info,
  4: monaco.MarkerSeverity.Hint,
}

function toMarker(diagnostic: Diagnostic): monaco.editor.IMarkerData {
  return {
    severity: SEVERITY[diagnostic.severity ?? 1] ?? monaco.MarkerSeverity.Error,
    message: diagnostic.message,
    code: diagnostic.code === undefined ? undefined : String(diagnostic.code),
    source: 'service.tool/v1',
    startLineNumber: diagnostic.range.start.line + 1,
    startColumn: diagnostic.range.start.character + 1,
    endLineNumber: diagnostic.range.end.line + 1,
    endColumn: diagnostic.range.end.character + 1,
  }
}

/**
 * The JSON worker client. Monaco sets the JSON mode up only once it meets a
 * JSON model, asynchronously, and `getWorker` refuses until then; so this
 * waits a little and asks again instead of failing the first run.
 */
async function jsonWorkerClient(attempts = 100): Promise<Awaited<ReturnType<typeof getWorker>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getWorker()
    } catch (error) {
      if (attempt >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

/** Keeps `model`'s markers current and reports every set; dispose to stop. */
export function syncMarkers(model: monaco.editor.ITextModel, onSnapshot: (snapshot: MarkerSnapshot) => void): monaco.IDisposable {
  let timer: ReturnType<typeof setTimeout> | undefined
  const validate = async () => {
    const version = model.getVersionId()
    const text = model.getValue()
    try {
      const getClient = await jsonWorkerClient()
      const worker = (await getClient(model.uri)) as unknown as ValidatingWorker
      const diagnostics = await worker.doValidation(model.uri.toString())
      // A newer edit has its own run coming; these markers describe older text.
      if (model.isDisposed() || model.getVersionId() !== version) return
      const markers = withoutFalseIntegerMarkers(text, diagnostics.map(toMarker))
      monaco.editor.setModelMarkers(model, 'json', markers)
      onSnapshot({ text, markers })
    } catch (error) {
      // The worker can be torn down under us when the editor unmounts; nothing to show then.
      if (!model.isDisposed()) console.warn(`Failed to validate "manifest" in the editor: ${String(error)}`)
    }
  }
  const change = model.onDidChangeContent(() => {
    clearTimeout(timer)
    timer = setTimeout(validate, MARKER_DEBOUNCE_MS)
  })
  void validate()
  return {
    dispose() {
      clearTimeout(timer)
      change.dispose()
    },
  }
}
