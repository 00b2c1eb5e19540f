/**
 * Vitest's order with the suites that build or start whole programs first. Vitest runs the slowest suites of
 * the last run first, but a fresh clone has no last run: it falls back to the largest files, and puts the
 * projects in name order, so the fresh clone's build and `team:dev` (over three minutes on two cores) started
 * after a minute of other suites and finished alone at the end.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The longest suites of a fresh clone's run, longest first. */
const SLOW_SUITES = [
  'tests/docs/cliLinesInAClone.test.ts',
  'tests/team/teamSandbox.test.ts',
  'tests/pack/packedPackage.test.ts',
  'tests/workerd/damagedRecord.property.test.ts',
]

const rank = (spec: TestSpecification) => {
  const index = SLOW_SUITES.findIndex((suite) => spec.moduleId.endsWith(suite))
  return index < 0 ? SLOW_SUITES.length : index
}

export default class SlowSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    // A stable sort: every other suite keeps Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}
