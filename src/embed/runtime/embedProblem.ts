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

const IN_PAGE = 'Requests are answered inside this page instead: same API, same responses, but not through fetch or the Network panel.'

const WHY: Record<DegradedReason, string> = {
  'storage-blocked':
    'Service worker unavailable: this browser blocks storage for embedded frames (private windows and strict privacy settings do), so the sandbox runs in memory and forgets everything when the page closes.',
  'insecure-context': 'Service worker unavailable: this embed is not served over HTTPS or from localhost.',
  'no-service-worker': 'Service worker unavailable: this browser offers none to this frame.',
  'worker-failed': 'Service worker unavailable: the browser refused to start the sandbox worker.',
  'worker-timeout': 'Service worker unavailable: the sandbox worker did not start in time.',
  'not-controlled': 'Service worker unavailable: the worker started but does not control this frame (a hard reload bypasses it).',
}

const SUMMARY: Record<DegradedReason, string> = {
  'storage-blocked': 'Running in memory on this page.',
  'insecure-context': 'Running inside this page.',
  'no-service-worker': 'Running inside this page.',
  'worker-failed': 'Running inside this page.',
  'worker-timeout': 'Running inside this page.',
  'not-controlled': 'Running inside this page.',
}

export function describeNotice(reason: DegradedReason, detail?: string): EmbedNotice {
  return { reason, summary: SUMMARY[reason], message: `${WHY[reason]} ${IN_PAGE}`, ...(detail ? { detail } : {}) }
}

/** The browser's message for a failure, for the "detail" line. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
