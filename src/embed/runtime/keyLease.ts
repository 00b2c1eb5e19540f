/**
 * The embed's own short-lived key: issued in the embed's database with
 * exactly the example's scopes, revoked when the page hides or unloads, and
 * issued again when the reader comes back and runs the example.
 */
import type { Scope, Workspace } from '../../api/core.ts'
import { livePageLocks, lockInLabel, type PageLock } from './pageLock.ts'

/** Every embed key belongs to this app, so the playground's keys can never be mistaken for one. */
export const EMBED_APP = 'docs-embed'

/** A held key is renewed past this age, so a tab left open all day never holds an old key. */
const MAX_KEY_AGE_MS = 30 * 60_000

export interface HeldKey {
  id: string
  /** The plaintext, only in memory, only to send. */
  key: string
  /** What the reader sees: `svc_test_…` and the last four characters. */
  hint: string
}

export interface KeyLease {
  /** The key to send, issuing one when none is held (or the held one is old); undefined when the example sends no key. */
  acquire(): Promise<HeldKey | undefined>
  /** Revokes the held key and issues a fresh one, for examples that need an untouched rate window. */
  renew(): Promise<HeldKey | undefined>
  /** Revokes the held key, if any. */
  release(): Promise<void>
}

export interface KeyLeaseOptions {
  workspace: Workspace
  scopes: readonly Scope[]
  /** Real time, for the key's age; not the sandbox clock, which an example may move. */
  now: () => number
  /** This page's lock, named in each key's label so other embeds can revoke the key once this page is gone. */
  pageLock?: PageLock
  /** Told the hint of the held key after every change, null when none is held. */
  onChange?: (hint: string | null) => void
}

export function createKeyLease({ workspace, scopes, now, pageLock, onChange }: KeyLeaseOptions): KeyLease {
  let held: (HeldKey & { issuedAt: number }) | undefined
  // One change at a time: a release on pagehide must not interleave with an acquire from a click.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task)
    queue = result.catch(() => undefined)
    return result
  }

  async function revokeHeld(): Promise<void> {
    const previous = held
    held = undefined
    onChange?.(null)
    if (previous) await workspace.revokeKey(previous.id)
  }

  async function issue(): Promise<HeldKey | undefined> {
    if (scopes.length === 0) return undefined
    const label = pageLock ? `docs embed ${pageLock.name}` : 'docs embed'
    const issued = await workspace.issueKey({ app: EMBED_APP, scopes, label })
    held = { id: issued.id, key: issued.key, hint: `svc_test_…${issued.lastFour}`, issuedAt: now() }
    onChange?.(held.hint)
    return held
  }

  return {
    acquire: () =>
      serial(async () => {
        if (held && now() - held.issuedAt < MAX_KEY_AGE_MS) return held
        await revokeHeld()
        return issue()
      }),
    renew: () =>
      serial(async () => {
        await revokeHeld()
        return issue()
      }),
    release: () => serial(revokeHeld),
  }
}

/**
 * Revokes the active embed keys of pages that are gone (their page lock is
 * no longer held): the ones whose own revocation on unload did not finish.
 * Returns how many; does nothing where Web Locks cannot tell.
 */
export async function revokeOrphanedKeys(workspace: Workspace): Promise<number> {
  const live = await livePageLocks()
  if (!live) return 0
  const orphans = (await workspace.listKeys()).filter((key) => {
    if (key.app !== EMBED_APP || key.status !== 'active') return false
    const lock = lockInLabel(key.label)
    return lock === undefined || !live.has(lock)
  })
  for (const key of orphans) await workspace.revokeKey(key.id)
  return orphans.length
}
