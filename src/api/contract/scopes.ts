/** Every scope a sandbox key can carry, in the order the spec lists them. */
export const SCOPES = [
  'status.read',
  'profile.read',
  'sessions.read',
  'usage.read',
  'webhooks.read',
  'tools.read',
  'tools.validate',
  'tools.preview',
  'webhooks.test',
] as const

export type Scope = (typeof SCOPES)[number]

/** Narrows an unknown value to a known scope. */
export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value)
}

/** Deduplicates scopes and puts them in the spec's order, so equal lists compare equal. */
export function normaliseScopes(scopes: readonly Scope[]): Scope[] {
  return SCOPES.filter((scope) => scopes.includes(scope))
}
