import { type RefObject, useEffect, useRef } from 'react'
import type { EditorHandle } from './editorHandle.ts'
import { applyEdit } from './validation/quickFixes.ts'

interface PlainEditorProps {
  text: string
  onEdit(text: string): void
  handle: RefObject<EditorHandle | null>
  onFocusChange(focused: boolean): void
  onCursor(offset: number): void
}

/**
 * A plain text area with the same text, shown while the editor loads (or if it
 * cannot): the API check and the preview work from the first moment.
 */
export function PlainEditor({ text, onEdit, handle, onFocusChange, onCursor }: PlainEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null)
  const latest = useRef({ text, onEdit, onCursor })
  latest.current = { text, onEdit, onCursor }
  useEffect(() => {
    handle.current = {
      reveal(span) {
        const element = area.current
        if (!element) return
        element.focus()
        element.setSelectionRange(span.offset, span.offset + span.length)
        latest.current.onCursor(span.offset)
      },
      cursorOffset: () => area.current?.selectionStart ?? 0,
      applyEdit(edit) {
        const element = area.current
        if (!element) return
        latest.current.onEdit(applyEdit(latest.current.text, edit))
        // The new value reaches the text area with the next render; the selection follows it there.
        requestAnimationFrame(() => {
          element.focus()
          element.setSelectionRange(edit.offset, edit.offset + edit.text.length)
          latest.current.onCursor(edit.offset)
        })
      },
    }
  }, [handle])
  return (
    <textarea
      ref={area}
      className="manifest-plain"
      aria-label="Manifest JSON (plain editor while the full editor loads)"
      spellCheck={false}
      value={text}
      onChange={(event) => onEdit(event.target.value)}
      onSelect={(event) => onCursor(event.currentTarget.selectionStart)}
      onFocus={() => onFocusChange(true)}
      onBlur={() => onFocusChange(false)}
    />
  )
}
