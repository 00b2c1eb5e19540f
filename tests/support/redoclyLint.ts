import { createConfig, lintFromString } from '@redocly/openapi-core'
import { OPERATIONS } from '../../src/api/core.ts'
import { REQUEST_EXAMPLES } from '../../src/api/openapi/requestExamples.ts'

type Problem = Awaited<ReturnType<typeof lintFromString>>[number]

/** `"<path> <example>"` when a problem is a named 422 request example flagged as not matching the schema, on purpose. */
export function on422Example(problem: Problem): string | undefined {
  const at = /^#\/paths\/([^/]+)\/post\/requestBody\/content\/application~1json\/examples\/([^/]+)\/value/.exec(
    problem.location[0]?.pointer ?? '',
  )
  return problem.ruleId === 'no-invalid-media-type-examples' && at && at[2] !== 'valid' ? `${at[1]} ${at[2]}` : undefined
}

/** Every `"<path> <example>"` that on422Example must report: each named 422 example of each tool operation. */
export function expected422Examples(): Set<string> {
  const toolPaths = OPERATIONS.filter((operation) => operation.body === 'toolRequest').map((operation) =>
    operation.path.replaceAll('/', '~1'),
  )
  const invalidNames = Object.keys(REQUEST_EXAMPLES.toolRequest).filter((name) => name !== 'valid')
  return new Set(toolPaths.flatMap((path) => invalidNames.map((name) => `${path} ${name}`)))
}

/**
 * Redocly's recommended rules over a document: the problems other than the
 * named 422 request examples (which break the manifest contract on purpose),
 * and which of those examples were flagged.
 */
export async function redoclyLint(document: unknown): Promise<{ problems: string[]; flagged422Examples: Set<string> }> {
  const config = await createConfig({ extends: ['recommended'] })
  const found = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config })
  return {
    problems: found
      .filter((problem) => on422Example(problem) === undefined)
      .map((problem) => `${problem.ruleId} ${problem.severity}: ${problem.message} at ${problem.location[0]?.pointer}`),
    flagged422Examples: new Set(found.map(on422Example).filter((found) => found !== undefined)),
  }
}
