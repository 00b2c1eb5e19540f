/**
 * What `npm test` runs, in order. A phase's steps run together; the next phase starts when all of them
 * passed. The browser suite times things and runs alone. Run together: the site's build beside the Node
 * suites, so the browser suite's first test starts at once; the two example projects, whose time is mostly
 * `npm install` from the registry and builds in folders of their own; and the short bench beside them. On two
 * cores most phases keep both busy, so work moved beside them made them as much longer as it saved later. The
 * short bench does not: it waits out fixed times (typing at 10 keys a second, load for a set number of
 * seconds) and used 117 s of CPU in 140 s alone, under one core of two. Its figures are not held to their
 * targets, only to being there and answered with 200s; `npm run bench` measures on a quiet machine (decision 048).
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
  { name: 'examples and bench (short)', steps: [npmRun('test:example'), npmRun('test:docs-site'), npmRun('bench:ci')] },
]
