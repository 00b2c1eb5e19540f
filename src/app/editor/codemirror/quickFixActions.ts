/**
 * The problem list's quick fixes as actions on the editor's markers: each
 * marker offers the fixes of the API problems whose value it sits on (or
 * inside the object that lacks a field). They show as buttons in the marker's
 * tooltip and in the problems panel (Ctrl+.), where a letter key applies them.
 */
import type { Action } from '@codemirror/lint'
import { parseTree } from 'jsonc-parser'
import { nodeOfPointer } from '../document/manifestText.ts'
import type { EditorMarker } from '../validation/editorMarkers.ts'
import { quickFixes } from '../validation/quickFixes.ts'
import type { Problem } from '../validation/validationOutcome.ts'

/** The API's problems and the exact text they were found in. */
export interface ProblemsOfText {
  text: string
  problems: readonly Problem[]
}

/** The fixes offered on `marker`; none when the problems describe another text, whose places no longer hold. */
export function fixActions(text: string, marker: EditorMarker, found: ProblemsOfText | undefined): Action[] {
  if (!found || found.text !== text) return []
  const tree = parseTree(text)
  const actions: Action[] = []
  for (const problem of found.problems) {
    const node = nodeOfPointer(tree, problem.pointer)
    if (!node || marker.to < node.offset || marker.from > node.offset + node.length) continue
    for (const fix of quickFixes(text, tree, problem)) {
      if (actions.some((action) => action.name === fix.title)) continue
      actions.push({
        name: fix.title,
        apply(view) {
          // Applied only to the text the fix was made for; an edit since would move its place.
          if (view.state.doc.toString() !== text) return
          view.dispatch({
            changes: { from: fix.edit.offset, to: fix.edit.offset + fix.edit.length, insert: fix.edit.text },
            selection: { anchor: fix.edit.offset, head: fix.edit.offset + fix.edit.text.length },
            userEvent: 'input.quickfix',
          })
        },
      })
    }
  }
  return actions
}
