/**
 * Sets the manifest model's markers from Monaco's JSON worker (the language
 * service, settings and schema of language/manifestLanguageSettings.ts) and
 * reports each set with the exact text it describes.
 *
 * @note Monaco's own diagnostics adapter is switched off in monacoSetup.ts:
 * it raises no event when an empty marker set stays empty, so nobody could
 * tell whether the markers on screen belong to the current text. Here that
 * is known for every set.
 */
import { getWorker } from 'monaco-editor/languages/features/json/register'
import { parseManifestText, pointerAtOffset } from '../document/manifestText.ts'
import { withoutFalseIntegerMarkers } from '../language/integerMarkers.ts'
import type { EditorMarker, MarkerSeverity, MarkerSnapshot } from '../validation/editorMarkers.ts'
import { checkDelay } from '../validation/quietTime.ts'
import { monaco } from './monacoSetup.ts'
import type { ProblemsOfText } from './quickFixActions.ts'

/** An LSP diagnostic as vscode-json-languageservice returns it (0-based lines and characters). */
interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } }
  severity?: number
  message: string
}

/** The worker's `doValidation` exists at runtime but is not in the public `IJSONWorker` type. */
interface ValidatingWorker {
  doValidation(uri: string): Promise<Diagnostic[]>
}

const SEVERITY: Record<number, MarkerSeverity> = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' }
const MONACO_SEVERITY: Record<MarkerSeverity, monaco.MarkerSeverity> = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
  hint: monaco.MarkerSeverity.Hint,
}

function toEditorMarker(model: monaco.editor.ITextModel, diagnostic: Diagnostic): EditorMarker {
  const { start, end } = diagnostic.range
  return {
    severity: SEVERITY[diagnostic.severity ?? 1] ?? 'error',
    message: diagnostic.message,
    from: model.getOffsetAt({ lineNumber: start.line + 1, column: start.character + 1 }),
    to: model.getOffsetAt({ lineNumber: end.line + 1, column: end.character + 1 }),
  }
}

function toMonacoMarker(model: monaco.editor.ITextModel, marker: EditorMarker, message: string): monaco.editor.IMarkerData {
  const start = model.getPositionAt(marker.from)
  const end = model.getPositionAt(marker.to)
  return {
    severity: MONACO_SEVERITY[marker.severity],
    message,
    startLineNumber: start.lineNumber,
    startColumn: start.column,
    endLineNumber: end.lineNumber,
    endColumn: end.column,
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

/**
 * The API's words for each place it found a problem in `found.text`: a marker
 * on that place reads as the problem list does. Empty when the problems
 * describe another text.
 */
function apiWording(text: string, found: ProblemsOfText | undefined): Map<string, string> {
  const wording = new Map<string, string>()
  if (!found || found.text !== text) return wording
  for (const problem of found.problems) {
    const known = wording.get(problem.pointer)
    wording.set(problem.pointer, known ? `${known}\n${problem.message}` : problem.message)
  }
  return wording
}

export interface MarkerSync extends monaco.IDisposable {
  /** Redraws the current markers in the API's words where it has a verdict on the same text. */
  showApiWording(found: ProblemsOfText | undefined): void
}

/** Keeps `model`'s markers current and reports every set; dispose to stop. */
export function syncMarkers(model: monaco.editor.ITextModel, onSnapshot: (snapshot: MarkerSnapshot) => void): MarkerSync {
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastChecked: string | undefined
  let shown: MarkerSnapshot | undefined
  let found: ProblemsOfText | undefined
  const draw = (snapshot: MarkerSnapshot) => {
    const wording = apiWording(snapshot.text, found)
    const tree = wording.size > 0 ? parseManifestText(snapshot.text).tree : undefined
    monaco.editor.setModelMarkers(
      model,
      'json',
      snapshot.markers.map((marker) => {
        const api = tree ? wording.get(pointerAtOffset(tree, marker.from)) : undefined
        return toMonacoMarker(model, marker, marker.severity === 'error' && api ? api : marker.message)
      }),
    )
  }
  const validate = async () => {
    const version = model.getVersionId()
    const text = model.getValue()
    try {
      const getClient = await jsonWorkerClient()
      const worker = (await getClient(model.uri)) as unknown as ValidatingWorker
      const diagnostics = await worker.doValidation(model.uri.toString())
      // A newer edit has its own run coming; these markers describe older text.
      if (model.isDisposed() || model.getVersionId() !== version) return
      lastChecked = text
      const markers = withoutFalseIntegerMarkers(
        text,
        diagnostics.map((diagnostic) => toEditorMarker(model, diagnostic)),
      )
      shown = { text, markers }
      draw(shown)
      onSnapshot(shown)
    } catch (error) {
      // The worker can be torn down under us when the editor unmounts; nothing to show then.
      if (!model.isDisposed()) console.warn(`Failed to validate "manifest" in the editor: ${String(error)}`)
    }
  }
  const change = model.onDidChangeContent(() => {
    clearTimeout(timer)
    // Same quiet time as the API check, so markers and verdict arrive together.
    timer = setTimeout(validate, checkDelay(lastChecked, model.getValue()))
  })
  void validate()
  return {
    showApiWording(problems) {
      found = problems
      if (shown && !model.isDisposed() && model.getValue() === shown.text) draw(shown)
    },
    dispose() {
      clearTimeout(timer)
      change.dispose()
    },
  }
}
