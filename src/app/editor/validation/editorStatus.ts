/**
 * One status for the text on screen, from what is known about exactly that
 * text: its syntax, the editor's markers and the API's verdict. A verdict
 * or a marker set about other text is never shown as if it were current.
 */

import type { ApiRefusal } from '../../ui/apiRefusal.ts'
import type { SyntaxProblem } from '../document/manifestText.ts'
import type { MarkerSnapshot } from './editorMarkers.ts'
import type { Verdict } from './useLiveValidation.ts'
import type { Problem } from './validationOutcome.ts'

export type EditorStatus =
  | { kind: 'no-key'; reason: string }
  | { kind: 'syntax'; problems: SyntaxProblem[] }
  | { kind: 'checking' }
  | { kind: 'valid'; digest: string }
  | { kind: 'invalid'; problems: Problem[] }
  | { kind: 'refused'; refusal: ApiRefusal }

interface StatusInput {
  text: string
  apiKey: string | undefined
  syntax: SyntaxProblem[] | null
  /** Why no request may be sent with the selected key, or null when one may. */
  blocked: string | null
  verdict: Verdict | undefined
}

/** The status of `text`; "checking" until a verdict about this very text, with this key, arrives. */
export function editorStatus({ text, apiKey, syntax, blocked, verdict }: StatusInput): EditorStatus {
  if (syntax) return { kind: 'syntax', problems: syntax }
  if (blocked) return { kind: 'no-key', reason: blocked }
  if (!verdict || verdict.text !== text || verdict.apiKey !== apiKey) return { kind: 'checking' }
  const { outcome } = verdict
  if (outcome.kind === 'valid') return { kind: 'valid', digest: outcome.digest }
  if (outcome.kind === 'invalid') return { kind: 'invalid', problems: outcome.problems }
  return { kind: 'refused', refusal: outcome.refusal }
}

/** The markers that describe `text`, or undefined while the editor is still checking it. */
export function freshMarkers(text: string, snapshot: MarkerSnapshot | undefined): MarkerSnapshot | undefined {
  return snapshot && snapshot.text === text ? snapshot : undefined
}
