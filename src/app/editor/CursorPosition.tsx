import { positionAt } from './document/manifestText.ts'

/** Line and column of the cursor, like an editor's status bar: where a problem click landed. */
export function CursorPosition({ text, offset }: { text: string; offset: number }) {
  const { lineNumber, column } = positionAt(text, offset)
  return (
    <p className="cursor-position muted small" data-testid="cursor-position">
      Line {lineNumber}, column {column}
    </p>
  )
}
