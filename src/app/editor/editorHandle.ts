import type { TextSpan } from './document/manifestText.ts'

/** What the panel asks of whichever editor is showing (CodeMirror, or the plain one while it loads). */
export interface EditorHandle {
  /** Selects a span, scrolls it into view and focuses the editor. */
  reveal(span: TextSpan): void
  /** Where the cursor is, as an offset into the text. */
  cursorOffset(): number
}
