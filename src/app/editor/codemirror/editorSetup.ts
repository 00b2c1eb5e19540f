/**
 * The manifest editor's CodeMirror setup, feature by feature: JSON syntax,
 * the schema's markers, completion and hover from the language worker,
 * search, folding, brackets, history, and the keys the hint under the editor
 * names (Tab indents until Ctrl+M, F8 next problem, Ctrl+. the problems with
 * their fixes, Ctrl+Space completion, Shift+Alt+F formats).
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import { json } from '@codemirror/lang-json'
import { bracketMatching, foldGutter, foldKeymap, indentOnInput, indentUnit } from '@codemirror/language'
import { forEachDiagnostic, nextDiagnostic, openLintPanel } from '@codemirror/lint'
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search'
import { EditorState, type Extension } from '@codemirror/state'
import {
  type Command,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view'
import { editorTheme } from './editorTheme.ts'
import { formatDocument } from './formatDocument.ts'
import { schemaCompletions } from './schemaCompletion.ts'
import { schemaHover } from './schemaHover.ts'

/** Moves to the next marker and reads its message out, as the marker is otherwise only drawn. */
const nextProblem: Command = (view) => {
  if (!nextDiagnostic(view)) return false
  const head = view.state.selection.main.from
  let message: string | undefined
  forEachDiagnostic(view.state, (diagnostic, from) => {
    if (message === undefined && from === head) message = diagnostic.message
  })
  if (message) view.dispatch({ effects: EditorView.announce.of(message) })
  return true
}

interface SetupOptions {
  label: string
  describedBy: string
  /** Extensions of the caller: the marker sync and the listeners. */
  extensions: Extension[]
}

export function editorExtensions({ label, describedBy, extensions }: SetupOptions): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter(),
    drawSelection(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    indentUnit.of('  '),
    EditorState.tabSize.of(2),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    json(),
    autocompletion({ override: [schemaCompletions], activateOnTyping: true }),
    schemaHover,
    EditorView.lineWrapping,
    // An explicit tab stop: the text is editable, and tools that look for a focusable element in a scrolling region find it.
    EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': describedBy, tabindex: '0' }),
    editorTheme,
    keymap.of([
      { key: 'F8', run: nextProblem },
      { key: 'Mod-.', run: openLintPanel, preventDefault: true },
      { key: 'Mod-Shift-m', run: openLintPanel, preventDefault: true },
      { key: 'Shift-Alt-f', run: formatDocument, preventDefault: true },
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      indentWithTab,
    ]),
    ...extensions,
  ]
}
