/**
 * What `npm test` runs, in order. A phase's steps run together; the next phase starts when all of them
 * passed. The browser suite times things, so it runs alone. The bench is no check of behaviour: CI runs its
 * short run after `npm test` (.ci/run, decision 052). Run together: the site's build
 * beside the Node suites, so the browser suite's first test starts at once, and the two example projects,
 * whose time is mostly `npm install` from the registry and builds in folders of their own (117 s together in
 * a fresh clone, against 145 s one after the other). On two cores most phases keep both busy: work moved
 * beside the Node suites made them as much longer as it saved later (decision 048).
 */
export interface Step {
  /** The name lines of its output carry when it runs beside another step, and the summary's. */
  name: string
  command: string
  args: string[]
}

export interface Phase {
  name: string
  steps: Step[]
  /**
   * Work started with the phase that no step of it reads, only a later phase: it is waited for when the
   * steps end, and its output is shown only when it fails (the phase that reads its result redoes it then,
   * and fails naming why if it fails again).
   */
  beside?: Step[]
}

const npmRun = (script: string): Step => ({ name: script, command: 'npm', args: ['run', script] })

export const PLAN: readonly Phase[] = [
  { name: 'lint', steps: [npmRun('lint')] },
  { name: 'types', steps: [npmRun('typecheck')] },
  {
    name: 'node suites',
    steps: [npmRun('test:unit')],
    beside: [
      // The browser suite serves this build (scripts/site-build.mjs): built here, its first test starts at once.
      { name: 'site build', command: process.execPath, args: ['scripts/site-build.mjs'] },
    ],
  },
  { name: 'browser suite', steps: [npmRun('test:e2e')] },
  { name: 'examples', steps: [npmRun('test:example'), npmRun('test:docs-site')] },
]
