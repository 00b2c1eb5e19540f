import type { monaco } from './monacoSetup.ts'

/** The part of Monaco's text model that brings a line's tokens up to date now (present since 0.34, not in its typings). */
interface ForcedTokenization {
  forceTokenization(lineNumber: number): void
}

/**
 * Monaco closes a typed bracket, and indents after one, only where the line's tokens are already
 * current ("cheap to tokenize"); lines after an edit are brought up to date in idle time. The panel's
 * work on each keystroke (validation, markers, the store's render) leaves little idle time while
 * someone types fast, so the tokens fell behind the cursor: a `{` typed right after Enter was neither
 * closed nor indented after. Tokenizing up to the cursor's line whenever it moves keeps them current;
 * a manifest is a few hundred lines, and only the lines not yet current are tokenized.
 */
export function keepTokensAtTheCursor(editor: monaco.editor.IStandaloneCodeEditor): monaco.IDisposable {
  return editor.onDidChangeCursorPosition((event) => {
    const tokenization = (editor.getModel() as unknown as { tokenization?: Partial<ForcedTokenization> } | null)?.tokenization
    if (typeof tokenization?.forceTokenization === 'function') tokenization.forceTokenization(event.position.lineNumber)
  })
}
