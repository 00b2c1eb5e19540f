/** Shift+Alt+F, as in VS Code: lays the manifest out with two-space indents, changing only whitespace. */
import type { ChangeSpec } from '@codemirror/state'
import type { Command } from '@codemirror/view'
import { format } from 'jsonc-parser'

/** The whitespace edits that format `text`; none when it is already formatted. */
export function formatChanges(text: string): ChangeSpec[] {
  return format(text, undefined, { tabSize: 2, insertSpaces: true, eol: '\n' }).map((edit) => ({
    from: edit.offset,
    to: edit.offset + edit.length,
    insert: edit.content,
  }))
}

export const formatDocument: Command = (view) => {
  const changes = formatChanges(view.state.doc.toString())
  if (changes.length > 0) view.dispatch({ changes, userEvent: 'format' })
  return true
}
