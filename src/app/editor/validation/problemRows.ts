/**
 * The rows the problem lists draw, one per problem, in reading order. Two
 * problems can be identical (jsonc-parser reports "a closing } is expected"
 * once per unclosed object, all at one offset), so each row's key counts the
 * occurrence: a key shared by two rows makes React keep stale rows on the
 * next render, and the list drifts from the problems it claims to show.
 */
import type { Node } from 'jsonc-parser'
import { positionAt, type SyntaxProblem, spanOfPointer, type TextSpan } from '../document/manifestText.ts'
import type { Problem } from './validationOutcome.ts'

export interface ProblemRow<P> {
  /** Unique within the list, and the same for the same problem in the same text. */
  key: string
  problem: P
  span: TextSpan
  lineNumber: number
  column: number
}

function keyed<P>(text: string, items: readonly { problem: P; span: TextSpan; identity: string }[]): ProblemRow<P>[] {
  const seen = new Map<string, number>()
  return items
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => a.span.offset - b.span.offset || a.index - b.index)
    .map(({ problem, span, identity }) => {
      const occurrence = seen.get(identity) ?? 0
      seen.set(identity, occurrence + 1)
      const at = positionAt(text, span.offset)
      return { key: `${identity}#${occurrence}`, problem, span, lineNumber: at.lineNumber, column: at.column }
    })
}

/** JSON syntax errors as rows, by place in the text. */
export function syntaxRows(text: string, problems: readonly SyntaxProblem[]): ProblemRow<SyntaxProblem>[] {
  return keyed(
    text,
    problems.map((problem) => ({ problem, span: problem, identity: `${problem.offset}|${problem.message}` })),
  )
}

/** The API's violations as rows, by the place each one points at (line, then column), not by pointer. */
export function violationRows(text: string, tree: Node | undefined, problems: readonly Problem[]): ProblemRow<Problem>[] {
  return keyed(
    text,
    problems.map((problem) => ({
      problem,
      span: spanOfPointer(tree, problem.pointer),
      identity: `${problem.pointer}|${problem.keyword}|${problem.message}`,
    })),
  )
}
