/**
 * The two linters users point at an OpenAPI document, run as libraries with
 * the rulesets their CLIs default to: Spectral's `spectral:oas` (what
 * `spectral lint` reads) and Redocly's `recommended` (what `redocly lint`
 * reads), both offline.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core'
import { Json } from '@stoplight/spectral-parsers'
import { oas } from '@stoplight/spectral-rulesets'

export interface Finding {
  tool: 'spectral' | 'redocly'
  rule: string
  severity: 'error' | 'warning' | 'info' | 'hint'
  /** Where, as a dotted path into the document. */
  at: string
  message: string
}

/**
 * Warnings that stay, with why. Everything else a linter says about a
 * document is a failure.
 */
export const ACCEPTED_WARNINGS: Record<string, string> = {
  'spectral oas3-operation-security-defined':
    "Each operation's security requirement names the scope its key needs (`bearerKey: [status.read]`): OpenAPI 3.1 lets a requirement of a non-OAuth scheme list the roles it needs, and references show them. Spectral's rule predates that and reads them as OAuth scopes the bearer scheme does not define. The scope is also in `x-required-scope` and the operation's description.",
}

const SPECTRAL_SEVERITIES = ['error', 'warning', 'info', 'hint'] as const

let spectral: Spectral | undefined

export async function spectralLint(document: object): Promise<Finding[]> {
  if (!spectral) {
    spectral = new Spectral()
    // As `extends: spectral:oas` in a .spectral.yaml: the ruleset's recommended rules. Its published
    // type misses the `extends` the definition type asks for, though the ruleset needs none.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] })
  }
  const results = await spectral.run(new Document(JSON.stringify(document), Json, 'openapi.json'))
  return results.map((result) => ({
    tool: 'spectral',
    rule: String(result.code),
    severity: SPECTRAL_SEVERITIES[result.severity] ?? 'error',
    at: result.path.join('.'),
    message: result.message,
  }))
}

export async function redoclyLint(document: object): Promise<Finding[]> {
  const config = await createConfig({ extends: ['recommended'] })
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config })
  return problems.map((problem) => ({
    tool: 'redocly',
    rule: problem.ruleId,
    severity: problem.severity === 'warn' ? 'warning' : problem.severity,
    at: (problem.location[0]?.pointer ?? '').replace(/^#\//, '').split('/').join('.'),
    message: problem.message,
  }))
}

/** Both linters' findings over one document. */
export async function lintDocument(document: object): Promise<Finding[]> {
  return [...(await spectralLint(document)), ...(await redoclyLint(document))]
}

export const isAccepted = (finding: Finding) => finding.severity !== 'error' && `${finding.tool} ${finding.rule}` in ACCEPTED_WARNINGS
