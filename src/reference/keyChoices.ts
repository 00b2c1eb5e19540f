/**
 * Which keys "Try it" can send: the workspace's active keys whose secret
 * this browser holds (issued on this page, or remembered in this browser by
 * the reader's choice, decision 015). The workspace stores hashes only, so a
 * key issued in another tab can be listed but never sent from here.
 */
import type { KeySummary, Scope } from '../api/core.ts'

export interface KeyChoice {
  id: string
  /** What the reader sees: label (or app), last four characters, scope count. */
  name: string
  /** The plaintext, only in memory, only to pre-fill the reference's auth. */
  key: string
  scopes: readonly Scope[]
}

export interface KeyChoices {
  choices: KeyChoice[]
  /** Active keys of the workspace whose secret lives only in the tab that issued them. */
  withoutSecret: number
}

export function keyChoices(keys: readonly KeySummary[], secrets: Readonly<Record<string, string>>): KeyChoices {
  const active = keys.filter((key) => key.status === 'active')
  const choices = active.flatMap((key) => {
    const secret = secrets[key.id]
    if (secret === undefined) return []
    const scopes = key.scopes.length === 1 ? '1 scope' : `${key.scopes.length} scopes`
    return [{ id: key.id, name: `${key.label || key.app} …${key.lastFour} (${scopes})`, key: secret, scopes: key.scopes }]
  })
  return { choices, withoutSecret: active.length - choices.length }
}
