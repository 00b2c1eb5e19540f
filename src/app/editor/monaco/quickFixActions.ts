/**
 * The problem list's quick fixes as Monaco code actions (the light bulb,
 * Ctrl+.), for the API problems of the text on screen: offered where the
 * cursor is on the value a fix changes, or inside the object that lacks a field.
 */
import { parseTree } from 'jsonc-parser'
import { nodeOfPointer } from '../document/manifestText.ts'
import { quickFixes } from '../validation/quickFixes.ts'
import type { Problem } from '../validation/validationOutcome.ts'
import { monaco } from './monacoSetup.ts'

/** The API's problems and the exact text they were found in. */
export interface ProblemsOfText {
  text: string
  problems: readonly Problem[]
}

export function registerQuickFixes(model: monaco.editor.ITextModel, current: () => ProblemsOfText | undefined): monaco.IDisposable {
  return monaco.languages.registerCodeActionProvider('json', {
    provideCodeActions(target, range) {
      const found = current()
      // Problems of another text would put the edits in the wrong place.
      if (target !== model || !found || model.getValue() !== found.text) return { actions: [], dispose() {} }
      const tree = parseTree(found.text)
      const start = model.getOffsetAt(range.getStartPosition())
      const end = model.getOffsetAt(range.getEndPosition())
      const actions: monaco.languages.CodeAction[] = []
      for (const problem of found.problems) {
        const node = nodeOfPointer(tree, problem.pointer)
        if (!node || end < node.offset || start > node.offset + node.length) continue
        quickFixes(found.text, tree, problem).forEach((fix, index) => {
          if (actions.some((action) => action.title === fix.title)) return
          const from = model.getPositionAt(fix.edit.offset)
          const to = model.getPositionAt(fix.edit.offset + fix.edit.length)
          actions.push({
            title: fix.title,
            kind: 'quickfix',
            isPreferred: index === 0,
            edit: {
              edits: [
                {
                  resource: model.uri,
                  versionId: model.getVersionId(),
                  textEdit: { range: monaco.Range.fromPositions(from, to), text: fix.edit.text },
                },
              ],
            },
          })
        })
      }
      return { actions, dispose() {} }
    },
  })
}
