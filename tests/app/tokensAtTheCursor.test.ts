/** The editor keeps Monaco's tokens current up to the cursor, so brackets close and indent however fast one types. */
import { describe, expect, it } from 'vitest'
import type { monaco } from '../../src/app/editor/monaco/monacoSetup.ts'
import { keepTokensAtTheCursor } from '../../src/app/editor/monaco/tokensAtTheCursor.ts'

type CursorListener = (event: { position: { lineNumber: number } }) => void

function fakeEditor(tokenization: object | undefined) {
  const listeners: CursorListener[] = []
  const editor = {
    getModel: () => ({ tokenization }),
    onDidChangeCursorPosition: (listener: CursorListener) => {
      listeners.push(listener)
      return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) }
    },
  } as unknown as monaco.editor.IStandaloneCodeEditor
  const moveTo = (lineNumber: number) => {
    for (const listener of listeners) listener({ position: { lineNumber } })
  }
  return { editor, moveTo, listeners }
}

describe('keepTokensAtTheCursor', () => {
  it('tokenizes up to the line the cursor moves to, each time it moves', () => {
    const forced: number[] = []
    const { editor, moveTo } = fakeEditor({ forceTokenization: (line: number) => forced.push(line) })
    keepTokensAtTheCursor(editor)
    moveTo(12)
    moveTo(13)
    expect(forced).toEqual([12, 13])
  })

  it('does nothing where the model has no such method, and stops when disposed', () => {
    const { editor, moveTo, listeners } = fakeEditor(undefined)
    const subscription = keepTokensAtTheCursor(editor)
    expect(() => moveTo(3)).not.toThrow()
    subscription.dispose()
    expect(listeners).toHaveLength(0)
  })
})
