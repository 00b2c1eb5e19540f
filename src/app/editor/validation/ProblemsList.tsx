import type { Node } from 'jsonc-parser'
import { displayPointer } from '../document/jsonPointer.ts'
import { type SyntaxProblem, type TextSpan, valueSpanOfPointer } from '../document/manifestText.ts'
import { syntaxRows, violationRows } from './problemRows.ts'
import { quickFixes, type TextEdit } from './quickFixes.ts'
import type { Problem } from './validationOutcome.ts'

interface ProblemsListProps {
  text: string
  tree: Node | undefined
  problems: readonly Problem[]
  onReveal(span: TextSpan): void
  onFix(edit: TextEdit): void
}

/**
 * The API's violations in reading order; each one is a button that puts the
 * cursor on the value to change, and, where a safe repair is known, a quick
 * fix (the same ones the editor offers on its markers, Ctrl+.).
 */
export function ProblemsList({ text, tree, problems, onReveal, onFix }: ProblemsListProps) {
  return (
    <ol className="problems" aria-label="Problems reported by the API" data-testid="problems">
      {violationRows(text, tree, problems).map((row) => {
        const [fix] = quickFixes(text, tree, row.problem)
        return (
          <li key={row.key}>
            <button
              type="button"
              className="problem-button"
              data-pointer={row.problem.pointer}
              onClick={() => onReveal(valueSpanOfPointer(tree, row.problem.pointer))}
            >
              <code className="problem-pointer">{displayPointer(row.problem.pointer)}</code>
              <span className="problem-message">{row.problem.message}</span>
              <span className="problem-where">
                line {row.lineNumber}, column {row.column}
              </span>
            </button>
            {fix ? (
              <button type="button" className="problem-fix" data-testid="quick-fix" onClick={() => onFix(fix.edit)}>
                Fix: {fix.title}
              </button>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}

interface SyntaxListProps {
  text: string
  problems: readonly SyntaxProblem[]
  onReveal(span: TextSpan): void
}

/** JSON syntax errors, found in the page: such text is never sent, as the API could only answer 400. */
export function SyntaxList({ text, problems, onReveal }: SyntaxListProps) {
  return (
    <ol className="problems" aria-label="JSON syntax errors" data-testid="syntax-problems">
      {syntaxRows(text, problems).map((row) => (
        <li key={row.key}>
          <button type="button" className="problem-button" onClick={() => onReveal(row.span)}>
            <code className="problem-pointer">
              {row.lineNumber}:{row.column}
            </code>
            <span className="problem-message">{row.problem.message}</span>
          </button>
        </li>
      ))}
    </ol>
  )
}
