/**
 * The Monaco editor for the manifest. This module is loaded lazily (with
 * Monaco inside it); until it arrives the panel shows PlainEditor.
 */
import Editor from '@monaco-editor/react'
import { type RefObject, useEffect, useRef } from 'react'
import type { EditorHandle } from './editorHandle.ts'
import { syncMarkers } from './monaco/markerSync.ts'
import { MANIFEST_MODEL_PATH, type monaco } from './monaco/monacoSetup.ts'
import { type ProblemsOfText, registerQuickFixes } from './monaco/quickFixActions.ts'
import type { MarkerSnapshot } from './validation/editorMarkers.ts'

export interface ManifestEditorProps {
  text: string
  onEdit(text: string): void
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
}

const OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  ariaLabel: 'Manifest JSON',
  automaticLayout: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fontSize: 13,
  tabSize: 2,
  wordWrap: 'on',
  fixedOverflowWidgets: true,
  // Links in manifest strings stay text: nothing in a manifest is ever opened.
  links: false,
  renderValidationDecorations: 'on',
  quickSuggestions: { strings: true, other: true, comments: false },
}

export default function ManifestEditor({
  text,
  onEdit,
  onMarkers,
  onCursor,
  theme,
  handle,
  problems,
  autoFocus,
  describedBy,
}: ManifestEditorProps) {
  const sync = useRef<monaco.IDisposable | null>(null)
  const fixes = useRef<monaco.IDisposable | null>(null)
  const currentProblems = useRef(problems)
  currentProblems.current = problems
  // Monaco keeps the callbacks it was given at mount; these refs let them see the latest props.
  const markersCallback = useRef(onMarkers)
  markersCallback.current = onMarkers
  const cursorCallback = useRef(onCursor)
  cursorCallback.current = onCursor

  useEffect(
    () => () => {
      sync.current?.dispose()
      fixes.current?.dispose()
    },
    [],
  )

  const mount = (editor: monaco.editor.IStandaloneCodeEditor) => {
    const model = editor.getModel()
    if (!model) return
    sync.current = syncMarkers(model, (snapshot) => markersCallback.current(snapshot))
    fixes.current = registerQuickFixes(model, () => currentProblems.current)
    editor.onDidChangeCursorPosition((event) => cursorCallback.current(model.getOffsetAt(event.position)))
    // The input element is a textarea or, where the browser has EditContext, a div; both carry the textbox role.
    editor.getDomNode()?.querySelector('[role="textbox"]')?.setAttribute('aria-describedby', describedBy)
    handle.current = {
      reveal(span) {
        const start = model.getPositionAt(span.offset)
        const end = model.getPositionAt(span.offset + span.length)
        editor.setSelection({
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        })
        editor.revealRangeInCenterIfOutsideViewport({
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        })
        editor.focus()
      },
      cursorOffset() {
        const position = editor.getPosition()
        return position ? model.getOffsetAt(position) : 0
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
      value={text}
      theme={theme === 'dark' ? 'vs-dark' : 'vs'}
      options={OPTIONS}
      onChange={(value) => onEdit(value ?? '')}
      onMount={mount}
      loading={<p className="muted">Starting the editor…</p>}
      wrapperProps={{ 'data-testid': 'monaco-editor' }}
    />
  )
}
