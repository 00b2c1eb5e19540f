/**
 * What the selected key can do for a panel, read from the workspace's key
 * list (scopes and status are not secret). A pasted key is unknown here;
 * the API's answer then tells.
 */
import type { KeySummary, Scope } from '../../../api/core.ts'
import type { KeySelection } from './keyVault.ts'

export type KeyAccess =
  | { kind: 'none' }
  | { kind: 'inactive'; status: 'expired' | 'revoked'; hint: string }
  | { kind: 'missing-scopes'; missing: Scope[]; hint: string }
  /** `scopes` is null for a key the workspace does not list (pasted). */
  | { kind: 'ok'; scopes: readonly Scope[] | null; hint: string | null }

/** Decides what a panel needing `required` may do with the selected key. */
export function keyAccess(
  apiKey: string | undefined,
  selection: KeySelection,
  keys: readonly KeySummary[],
  required: readonly Scope[],
): KeyAccess {
  if (!apiKey) return { kind: 'none' }
  const summary = selection.kind === 'issued' ? keys.find((key) => key.id === selection.id) : undefined
  if (!summary) return { kind: 'ok', scopes: null, hint: selection.kind === 'pasted' ? 'a pasted key' : null }
  const hint = `${summary.label || summary.app} …${summary.lastFour}`
  if (summary.status !== 'active') return { kind: 'inactive', status: summary.status, hint }
  const missing = required.filter((scope) => !summary.scopes.includes(scope))
  if (missing.length > 0) return { kind: 'missing-scopes', missing, hint }
  return { kind: 'ok', scopes: summary.scopes, hint }
}

/** Whether the key is known to lack a scope (unknown keys are given the benefit of the doubt). */
export function lacksScope(access: KeyAccess, scope: Scope): boolean {
  return access.kind === 'ok' && access.scopes !== null && !access.scopes.includes(scope)
}

/** Why a panel that needs a key to `purpose` cannot use the selected one; empty when it can. */
export function explainAccess(access: KeyAccess, purpose: string): string {
  switch (access.kind) {
    case 'none':
      return `No key is selected. A key is needed to ${purpose}; a key's secret lives only in the tab that issued it (unless remembered in this browser), so issue one here in one click.`
    case 'inactive':
      return `The selected key (${access.hint}) is ${access.status}, so it cannot ${purpose}.`
    case 'missing-scopes':
      return `The selected key (${access.hint}) lacks ${access.missing.join(', ')}, which it needs to ${purpose}.`
    case 'ok':
      return ''
  }
}
