/**
 * An example's own short-lived key: issued in the example's own sandbox with
 * exactly the example's scopes, revoked when the frame hides or unloads, and
 * issued again when the reader comes back and runs the example.
 */
import type { Scope, Workspace } from '../../api/core.ts'

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
  workspace: Pick<Workspace, 'issueKey' | 'revokeKey'>
  scopes: readonly Scope[]
  /** Real time, for the key's age; not the sandbox clock, which an example may move. */
  now: () => number
  /** Told the hint of the held key after every change, null when none is held. */
  onChange?: (hint: string | null) => void
}

export function createKeyLease({ workspace, scopes, now, onChange }: KeyLeaseOptions): KeyLease {
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
    const issued = await workspace.issueKey({ app: EMBED_APP, scopes, label: 'docs embed' })
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
