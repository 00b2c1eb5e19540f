import type { TextSpan } from './document/manifestText.ts'
import type { TextEdit } from './validation/quickFixes.ts'

/** What the panel asks of whichever editor is showing (Monaco, or the plain one while it loads). */
export interface EditorHandle {
  /** Selects a span, scrolls it into view and focuses the editor. */
  reveal(span: TextSpan): void
  /** Where the cursor is, as an offset into the text. */
  cursorOffset(): number
  /** Applies an edit as the user's own (one undo step), then selects the text it wrote. */
  applyEdit(edit: TextEdit): void
}
