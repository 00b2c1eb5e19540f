/**
 * Why the sandbox could not start, in words a user can act on. The page
 * says this plainly instead of waiting forever for a worker that cannot come.
 */
export type RuntimeProblemKind =
  | 'insecure-context'
  | 'no-service-worker'
  | 'no-indexeddb'
  | 'indexeddb-failed'
  | 'worker-failed'
  | 'timeout'

export interface RuntimeProblem {
  kind: RuntimeProblemKind
  title: string
  /** What is wrong, in one or two sentences. */
  explanation: string
  /** What the user can do about it. */
  fixes: string[]
  /** The browser's own message, when there is one. */
  detail?: string
}

const PRIVATE_WINDOW =
  'If this is a private or incognito window, open the playground in a normal window: some browsers turn off service workers or storage there.'
const SITE_DATA =
  'Allow this site to store data (cookies and site data) in the browser settings, or turn off an extension that blocks storage for it.'

export function describeProblem(kind: RuntimeProblemKind, detail?: string): RuntimeProblem {
  const base = { kind, ...(detail ? { detail } : {}) }
  switch (kind) {
    case 'insecure-context':
      return {
        ...base,
        title: 'Service workers need a secure page',
        explanation:
          'This page was opened over plain HTTP on a host other than localhost, so the browser does not offer service workers here.',
        fixes: ['Open the playground on http://localhost (npm start does this) or serve it over HTTPS.'],
      }
    case 'no-service-worker':
      return {
        ...base,
        title: 'Service workers are not available',
        explanation: 'The sandbox answers API requests from a service worker inside this page, and this browser does not provide one here.',
        fixes: [PRIVATE_WINDOW, SITE_DATA, 'Use a current Chromium, Firefox or Safari.'],
      }
    case 'no-indexeddb':
    case 'indexeddb-failed':
      return {
        ...base,
        title: 'IndexedDB is blocked',
        explanation: 'The sandbox keeps keys, usage and rate limits in IndexedDB, and the browser refused to open it.',
        fixes: [PRIVATE_WINDOW, SITE_DATA, 'If another playground tab is stuck, close it and reload this one.'],
      }
    case 'worker-failed':
      return {
        ...base,
        title: 'The mock service worker did not start',
        explanation: 'The browser refused to register or activate the worker that answers API requests.',
        fixes: [
          SITE_DATA,
          'Reload the page with the cache bypassed (Shift + reload); a stale worker from an older build can block the new one.',
          'If the site is served under a sub-path, build it with PLAYGROUND_BASE set to that path so the worker is found there.',
        ],
      }
    case 'timeout':
      return {
        ...base,
        title: 'The sandbox did not start in time',
        explanation: 'Starting the worker and the database took too long; something is holding them up.',
        fixes: ['Close other playground tabs and reload this one.', PRIVATE_WINDOW],
      }
  }
}

/** A start failure that already knows how to explain itself. */
export class RuntimeStartError extends Error {
  readonly problem: RuntimeProblem
  constructor(problem: RuntimeProblem) {
    super(problem.title)
    this.name = 'RuntimeStartError'
    this.problem = problem
  }
}
