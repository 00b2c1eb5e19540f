import type { Node } from 'jsonc-parser'
import { displayPointer } from '../document/jsonPointer.ts'
import { positionAt, type SyntaxProblem, spanOfPointer, type TextSpan } from '../document/manifestText.ts'
import type { Problem } from './validationOutcome.ts'

interface ProblemsListProps {
  text: string
  tree: Node | undefined
  problems: readonly Problem[]
  onReveal(span: TextSpan): void
}

/** The API's violations; each one is a button that puts the cursor on its place in the text. */
export function ProblemsList({ text, tree, problems, onReveal }: ProblemsListProps) {
  return (
    <ol className="problems" aria-label="Problems reported by the API" data-testid="problems">
      {problems.map((problem) => {
        const span = spanOfPointer(tree, problem.pointer)
        const at = positionAt(text, span.offset)
        return (
          <li key={`${problem.pointer}|${problem.keyword}|${problem.message}`}>
            <button type="button" className="problem-button" data-pointer={problem.pointer} onClick={() => onReveal(span)}>
              <code className="problem-pointer">{displayPointer(problem.pointer)}</code>
              <span className="problem-message">{problem.message}</span>
              <span className="problem-where">
                line {at.lineNumber}, column {at.column}
              </span>
            </button>
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
      {problems.map((problem) => {
        const at = positionAt(text, problem.offset)
        return (
          <li key={`${problem.offset}|${problem.message}`}>
            <button type="button" className="problem-button" onClick={() => onReveal(problem)}>
              <code className="problem-pointer">
                {at.lineNumber}:{at.column}
              </code>
              <span className="problem-message">{problem.message}</span>
            </button>
          </li>
        )
      })}
    </ol>
  )
}
