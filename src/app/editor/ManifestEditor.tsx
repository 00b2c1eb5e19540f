/**
 * The CodeMirror editor for the manifest. This module is loaded lazily
 * (with CodeMirror inside it); until it arrives the panel shows PlainEditor.
 */
import { Annotation, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { type RefObject, useEffect, useRef } from 'react'
import { editorExtensions } from './codemirror/editorSetup.ts'
import { markerSync } from './codemirror/markerSync.ts'
import type { ProblemsOfText } from './codemirror/quickFixActions.ts'
import type { EditorHandle } from './editorHandle.ts'
import type { MarkerSnapshot } from './validation/editorMarkers.ts'

export interface ManifestEditorProps {
  text: string
  onEdit(text: string): void
  onMarkers(snapshot: MarkerSnapshot): void
  /** Follows the cursor, for the position shown under the editor. */
  onCursor(offset: number): void
  handle: RefObject<EditorHandle | null>
  /** The API's problems with the text they describe: the source of the markers' quick fixes. */
  problems: ProblemsOfText | undefined
  /** Take focus once mounted (the user was typing in the plain editor when the editor arrived). */
  autoFocus: boolean
  /** Id of the element that describes how to leave the editor with the keyboard. */
  describedBy: string
}

/** Marks the edits that bring the panel's text in, so they are not reported back as the user's. */
const fromPanel = Annotation.define<boolean>()

export default function ManifestEditor({
  text,
  onEdit,
  onMarkers,
  onCursor,
  handle,
  problems,
  autoFocus,
  describedBy,
}: ManifestEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const sync = useRef<ReturnType<typeof markerSync> | null>(null)
  // The view keeps the callbacks it was given at mount; these refs let them see the latest props.
  const latest = useRef({ onEdit, onMarkers, onCursor, problems })
  latest.current = { onEdit, onMarkers, onCursor, problems }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; later props reach it through the effects below.
  useEffect(() => {
    const parent = host.current
    if (!parent) return
    const markers = markerSync({
      onSnapshot: (snapshot) => latest.current.onMarkers(snapshot),
      problems: () => latest.current.problems,
    })
    const listener = EditorView.updateListener.of((update) => {
      // The text the panel pushed in is already the store's; only the user's edits are reported back.
      const pushed = update.transactions.every((transaction) => transaction.annotation(fromPanel))
      if (update.docChanged && !pushed) latest.current.onEdit(update.state.doc.toString())
      if (update.selectionSet) latest.current.onCursor(update.state.selection.main.head)
    })
    const editor = new EditorView({
      parent,
      state: EditorState.create({
        doc: text,
        extensions: editorExtensions({ label: 'Manifest JSON', describedBy, extensions: [markers.plugin, listener] }),
      }),
    })
    view.current = editor
    sync.current = markers
    handle.current = {
      reveal(span) {
        // A place is only ever revealed in the text it was found in; clamped all the same, as a selection past the end throws.
        const end = editor.state.doc.length
        const from = Math.min(span.offset, end)
        editor.dispatch({
          selection: { anchor: from, head: Math.min(span.offset + span.length, end) },
          effects: EditorView.scrollIntoView(from, { y: 'center' }),
        })
        editor.focus()
      },
      cursorOffset: () => editor.state.selection.main.head,
    }
    if (autoFocus) editor.focus()
    return () => {
      editor.destroy()
      view.current = null
    }
  }, [])

  // Text from the panel (a template, a file, a fix from the problem list) replaces the editor's.
  useEffect(() => {
    const editor = view.current
    if (!editor || editor.state.doc.toString() === text) return
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text }, annotations: fromPanel.of(true) })
  }, [text])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `problems` is read through `latest`; this redraws when it changes.
  useEffect(() => {
    if (view.current) sync.current?.showFixes(view.current)
  }, [problems])

  return <div ref={host} className="manifest-codemirror" data-testid="manifest-editor" />
}
