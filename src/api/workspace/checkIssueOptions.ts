import { isScope, normaliseScopes, type Scope } from '../contract/scopes.ts'
import { KEY_PATTERN, KEY_PREFIX } from '../domain/keys.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/** What a caller asks for when issuing a key; checked here before anything is written. */
export interface IssueKeyOptions {
  /** App the key belongs to; default `playground`. */
  app?: string
  /** Environment the key belongs to; default `sandbox`. */
  environment?: string
  /** The server-confirmed scope list: at least one scope. */
  scopes: readonly Scope[]
  /** A note for people telling keys apart; default empty. */
  label?: string
  /** A fixed plaintext key to register (`svc_test_` + 43 base64url characters) for a test suite's config; stored only as its hash. */
  key?: string
}

export const NAME = /^[a-z0-9][a-z0-9-]{0,62}$/

function checkName(value: string, what: 'app' | 'environment'): string {
  if (!NAME.test(value)) {
    throw new WorkspaceError(
      what === 'app' ? 'invalid_app' : 'invalid_environment',
      `Failed to issue key: ${what} "${value.slice(0, 80)}" must be 1 to 63 characters of a-z, 0-9 and "-", starting with a letter or digit.`,
    )
  }
  return value
}

function checkScopes(scopes: unknown): Scope[] {
  if (!Array.isArray(scopes) || scopes.length === 0) {
    throw new WorkspaceError('invalid_scopes', 'Failed to issue key: choose at least one scope.')
  }
  const unknown = scopes.filter((scope) => !isScope(scope))
  if (unknown.length > 0) {
    throw new WorkspaceError('invalid_scopes', `Failed to issue key: unknown scope ${unknown.map((s) => JSON.stringify(s)).join(', ')}.`)
  }
  return normaliseScopes(scopes as Scope[])
}

/**
 * Checks what a caller asked to issue, filling the defaults.
 * @throws WorkspaceError naming the first bad option; nothing was written.
 */
export function checkIssueOptions(options: IssueKeyOptions): { app: string; environment: string; scopes: Scope[]; label: string } {
  const app = checkName(options.app ?? 'playground', 'app')
  const environment = checkName(options.environment ?? 'sandbox', 'environment')
  const scopes = checkScopes(options.scopes)
  const label = options.label ?? ''
  if (typeof label !== 'string' || Array.from(label).length > 80) {
    throw new WorkspaceError('invalid_label', 'Failed to issue key: the label must be a string of at most 80 characters.')
  }
  return { app, environment, scopes, label }
}

/**
 * A plaintext key a test suite chose (a fixed key for its app config), checked
 * against the format generated keys have, so it hashes and displays alike.
 * @throws WorkspaceError `invalid_key` when it is not `svc_test_` + 43 base64url characters.
 */
export function checkKeyFormat(key: unknown, action: string): string {
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    // The refused value is not echoed: a near-miss may still be someone's secret.
    throw new WorkspaceError(
      'invalid_key',
      `Failed to ${action}: the given key is not "${KEY_PREFIX}" followed by 43 characters of A-Z, a-z, 0-9, "-" and "_".`,
    )
  }
  return key
}
