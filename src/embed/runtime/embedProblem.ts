/**
 * What an embed tells its reader when the browser withholds something it
 * needs. Short, because an embed is small; specific, so the reader can act.
 */
export type DegradedReason =
  | 'storage-blocked'
  | 'insecure-context'
  | 'no-service-worker'
  | 'worker-failed'
  | 'worker-timeout'
  | 'not-controlled'

/** Shown above the example when requests are answered in the page instead of through the service worker. */
export interface EmbedNotice {
  reason: DegradedReason
  /** One quiet line: the example still works, so this is news, not a warning. */
  summary: string
  /** Why, behind a disclosure for the reader who asks. */
  message: string
  /** The browser's own words, when it gave any. */
  detail?: string
}

/** Shown instead of a working Run button when the example cannot run at all. */
export interface EmbedProblem {
  title: string
  message: string
  detail?: string
}

const IN_PAGE =
  "The example's sandbox runs in memory inside this page instead: same API, same responses, but not through fetch or the Network panel, and forgotten when the page closes."

const WHY: Record<DegradedReason, string> = {
  'storage-blocked':
    'Service worker unavailable: this browser blocks storage for embedded frames (private windows and strict privacy settings do).',
  'insecure-context': 'Service worker unavailable: this embed is not served over HTTPS or from localhost.',
  'no-service-worker': 'Service worker unavailable: this browser offers none to this frame.',
  'worker-failed': 'Service worker unavailable: the browser refused to start the sandbox worker.',
  'worker-timeout': 'Service worker unavailable: the sandbox worker did not start in time.',
  'not-controlled': 'Service worker unavailable: the worker started but does not control this frame (a hard reload bypasses it).',
}

/** Every fallback runs the same way, so the one line says the same; the reason is behind the disclosure. */
const SUMMARY = 'Running in memory on this page.'

export function describeNotice(reason: DegradedReason, detail?: string): EmbedNotice {
  return { reason, summary: SUMMARY, message: `${WHY[reason]} ${IN_PAGE}`, ...(detail ? { detail } : {}) }
}

/** The browser's message for a failure, for the "detail" line. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
