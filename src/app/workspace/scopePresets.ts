import { OPERATIONS, SCOPES, type Scope } from '../../api/index.ts'

export interface ScopePreset {
  id: string
  label: string
  scopes: readonly Scope[]
}

/** One preset per operation (the smallest key for that job), then a few common bundles. */
export const SCOPE_PRESETS: readonly ScopePreset[] = [
  ...OPERATIONS.map((operation) => ({
    id: operation.operationId,
    label: `Only ${operation.method} ${operation.path}`,
    scopes: [operation.scope],
  })),
  {
    id: 'dataViews',
    label: 'Data views: status, profile, sessions, usage, webhooks',
    scopes: ['status.read', 'profile.read', 'sessions.read', 'usage.read', 'webhooks.read'],
  },
  { id: 'toolAuthor', label: 'Tool author: list, validate, preview', scopes: ['tools.read', 'tools.validate', 'tools.preview'] },
  { id: 'everything', label: 'Every scope (exploring only)', scopes: SCOPES },
]

/** The operation each scope opens, for labels next to the checkboxes. */
export function operationForScope(scope: Scope): string {
  const operation = OPERATIONS.find((candidate) => candidate.scope === scope)
  return operation ? `${operation.method} ${operation.path}` : ''
}

export type ScopeAdvice = { level: 'none' | 'good' | 'broad' | 'everything'; text: string }

/** A nudge toward the smallest scope: every extra scope is more a leaked key can do. */
export function scopeAdvice(scopes: readonly Scope[]): ScopeAdvice {
  if (scopes.length === 0) return { level: 'none', text: 'Choose at least one scope.' }
  if (scopes.length === 1) return { level: 'good', text: 'One scope: the smallest key for one job. Good.' }
  if (scopes.length === SCOPES.length) {
    return {
      level: 'everything',
      text: 'Every scope: fine for exploring here, but a leaked key could then call every operation. For an app, issue one key per job.',
    }
  }
  return {
    level: 'broad',
    text: `${scopes.length} scopes: a leaked key could call ${scopes.length} operations. Keep only the scopes this app calls.`,
  }
}
