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
import { type QuickFix, quickFixes } from '../validation/quickFixes.ts'
import type { Problem } from '../validation/validationOutcome.ts'

/** The API's problems and the exact text they were found in. */
export interface ProblemsOfText {
  text: string
  problems: readonly Problem[]
}

/**
 * The fixes offered on each marker, in the markers' order; none when the
 * problems describe another text, whose places no longer hold. The text is
 * parsed and each problem's fixes made once, however many markers there are.
 */
export function fixActions(text: string, markers: readonly EditorMarker[], found: ProblemsOfText | undefined): Action[][] {
  if (!found || found.text !== text) return markers.map(() => [])
  const tree = parseTree(text)
  const offered = found.problems.flatMap((problem) => {
    const node = nodeOfPointer(tree, problem.pointer)
    return node ? [{ node, fixes: quickFixes(text, tree, problem) }] : []
  })
  return markers.map((marker) => {
    const actions: Action[] = []
    for (const { node, fixes } of offered) {
      if (marker.to < node.offset || marker.from > node.offset + node.length) continue
      for (const fix of fixes) if (!actions.some((action) => action.name === fix.title)) actions.push(fixAction(text, fix))
    }
    return actions
  })
}

function fixAction(text: string, fix: QuickFix): Action {
  return {
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
  }
}
