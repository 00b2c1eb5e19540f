/**
 * The Monaco editor for the manifest, through @monaco-editor/react. This
 * module is loaded lazily (with Monaco inside it); until it arrives the panel
 * shows PlainEditor.
 *
 * @note Monaco owns the document. The store follows it through `onEdit` and
 * never writes back, except when the panel loads a new text (a template, a
 * file, a link, an undo of a load), which `loads` announces. A controlled
 * `value` would put the store's text back into the editor after every
 * keystroke, one keystroke late under fast typing.
 */
import Editor from '@monaco-editor/react'
import { type RefObject, useEffect, useRef } from 'react'
import type { EditorHandle } from './editorHandle.ts'
import type { KeyLabels } from './help/keyboardHint.ts'
import { MANIFEST_MODEL_PATH } from './language/manifestLanguageSettings.ts'
import { keyLabels } from './monaco/keyLabels.ts'
import { type MarkerSync, syncMarkers } from './monaco/markerSync.ts'
import { monaco } from './monaco/monacoSetup.ts'
import { type ProblemsOfText, registerQuickFixes } from './monaco/quickFixActions.ts'
import { MONACO_THEMES } from './monaco/themes.ts'
import { keepTokensAtTheCursor } from './monaco/tokensAtTheCursor.ts'
import type { MarkerSnapshot } from './validation/editorMarkers.ts'

export interface ManifestEditorProps {
  /** The store's text: taken at mount and whenever `loads` changes, never while the user types. */
  text: string
  /** Counts the loads from outside the editor (template, file, link, undo of a load). */
  loads: number
  /** Follows the document; `replacedAll` when one edit replaced the whole text (select all, then paste or type). */
  onEdit(text: string, replacedAll: boolean): void
  onMarkers(snapshot: MarkerSnapshot): void
  /** Follows the cursor, for the position shown under the editor. */
  onCursor(offset: number): void
  theme: 'light' | 'dark'
  handle: RefObject<EditorHandle | null>
  /** The API's problems with the text they describe: the source of the code actions (quick fixes). */
  problems: ProblemsOfText | undefined
  /** Take focus once mounted (the user was typing in the plain editor when Monaco arrived). */
  autoFocus: boolean
  /** Id of the element that describes how to leave the editor with the keyboard. */
  describedBy: string
  /** Told once mounted which keys the editor binds on this platform, for that description. */
  onKeyLabels(labels: KeyLabels): void
}

const OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  ariaLabel: 'Manifest JSON',
  automaticLayout: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fontSize: 13,
  tabSize: 2,
  insertSpaces: true,
  detectIndentation: false,
  wordWrap: 'on',
  fixedOverflowWidgets: true,
  // Links in manifest strings stay text: nothing in a manifest is ever opened.
  links: false,
  renderValidationDecorations: 'on',
  quickSuggestions: { strings: true, other: true, comments: false },
  // Suggestions that open as one types start with none chosen: Enter then ends the line, as typed, and
  // accepts one only after the user moved into the list (Down, or Ctrl+Space, which chooses the first).
  // Otherwise Enter took whatever had opened a moment before, so a manifest typed line by line came out
  // with lines joined and brackets doubled, depending on typing speed.
  suggest: { selectionMode: 'never' },
  lightbulb: { enabled: 'on' as monaco.editor.ShowLightbulbIconMode },
}

/** Replaces the whole text as one undoable edit, so an undo brings back what a load replaced. */
function replaceAll(editor: monaco.editor.IStandaloneCodeEditor, model: monaco.editor.ITextModel, text: string): void {
  editor.pushUndoStop()
  editor.executeEdits('load', [{ range: model.getFullModelRange(), text, forceMoveMarkers: true }])
  editor.pushUndoStop()
  editor.setPosition({ lineNumber: 1, column: 1 })
  editor.revealLine(1)
}

export default function ManifestEditor({
  text,
  loads,
  onEdit,
  onMarkers,
  onCursor,
  theme,
  handle,
  problems,
  autoFocus,
  describedBy,
  onKeyLabels,
}: ManifestEditorProps) {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null)
  const disposables = useRef<monaco.IDisposable[]>([])
  const markerSync = useRef<MarkerSync | null>(null)
  // Monaco keeps the callbacks it was given at mount; these refs let them see the latest props.
  const latest = useRef({ text, onEdit, onMarkers, onCursor, problems })
  latest.current = { text, onEdit, onMarkers, onCursor, problems }
  const loadsSeen = useRef(loads)
  // True while a load from the panel is being applied: that replacement is the panel's, not the user's.
  const loading = useRef(false)

  useEffect(
    () => () => {
      for (const disposable of disposables.current) disposable.dispose()
      disposables.current = []
      editorRef.current = null
    },
    [],
  )

  // The API's verdict on the text on screen gives the markers its words, the same as the problem list's.
  useEffect(() => {
    markerSync.current?.showApiWording(problems)
  }, [problems])

  // A load from the panel replaces the editor's text; typing never comes this way.
  useEffect(() => {
    const editor = editorRef.current
    const model = editor?.getModel()
    if (!editor || !model || loads === loadsSeen.current) return
    loadsSeen.current = loads
    loading.current = true
    try {
      if (model.getValue() !== latest.current.text) replaceAll(editor, model, latest.current.text)
    } finally {
      loading.current = false
    }
  }, [loads])

  const mount = (editor: monaco.editor.IStandaloneCodeEditor) => {
    const model = editor.getModel()
    if (!model) return
    editorRef.current = editor
    loadsSeen.current = loads
    // One line ending on every platform: the text is the manifest the API receives and the share link carries.
    model.setEOL(monaco.editor.EndOfLineSequence.LF)
    // A model kept from an earlier mount may hold another text than the store's; the store's counts.
    if (model.getValue() !== latest.current.text) model.setValue(latest.current.text)
    const sync = syncMarkers(model, (snapshot) => latest.current.onMarkers(snapshot))
    sync.showApiWording(latest.current.problems)
    markerSync.current = sync
    disposables.current.push(
      sync,
      registerQuickFixes(model, () => latest.current.problems),
      editor.onDidChangeModelContent((event) => {
        const text = model.getValue()
        const [change] = event.changes
        // One change from offset 0 over everything the text had: the whole text was replaced.
        const before = text.length - (change ? change.text.length - change.rangeLength : 0)
        const replacedAll = event.changes.length === 1 && change?.rangeOffset === 0 && change.rangeLength === before && before > 0
        latest.current.onEdit(text, replacedAll && !event.isFlush && !loading.current)
      }),
      editor.onDidChangeCursorPosition((event) => latest.current.onCursor(model.getOffsetAt(event.position))),
      keepTokensAtTheCursor(editor),
    )
    // The input element is a textarea or, where the browser has EditContext, a div; both carry the textbox role.
    editor.getDomNode()?.querySelector('[role="textbox"]')?.setAttribute('aria-describedby', describedBy)
    onKeyLabels(keyLabels())
    const select = (offset: number, length: number) => {
      const start = model.getPositionAt(offset)
      const end = model.getPositionAt(offset + length)
      const range = { startLineNumber: start.lineNumber, startColumn: start.column, endLineNumber: end.lineNumber, endColumn: end.column }
      editor.setSelection(range)
      editor.revealRangeInCenterIfOutsideViewport(range)
      editor.focus()
    }
    handle.current = {
      reveal: (span) => select(span.offset, span.length),
      cursorOffset() {
        const position = editor.getPosition()
        return position ? model.getOffsetAt(position) : 0
      },
      applyEdit(edit) {
        const start = model.getPositionAt(edit.offset)
        const end = model.getPositionAt(edit.offset + edit.length)
        editor.pushUndoStop()
        editor.executeEdits('quick-fix', [
          {
            range: { startLineNumber: start.lineNumber, startColumn: start.column, endLineNumber: end.lineNumber, endColumn: end.column },
            text: edit.text,
          },
        ])
        editor.pushUndoStop()
        select(edit.offset, edit.text.length)
      },
    }
    if (autoFocus) editor.focus()
  }

  return (
    <Editor
      className="manifest-monaco"
      height="100%"
      path={MANIFEST_MODEL_PATH}
      language="json"
      defaultValue={text}
      theme={theme === 'dark' ? 'sandbox-dark' : 'sandbox-light'}
      options={OPTIONS}
      beforeMount={(monacoApi) => {
        for (const [name, data] of Object.entries(MONACO_THEMES)) monacoApi.editor.defineTheme(name, data)
      }}
      onMount={mount}
      loading={<p className="muted">Starting the editor…</p>}
      wrapperProps={{ 'data-testid': 'manifest-editor' }}
    />
  )
}
