/**
 * A frame's handle on its example's session, wherever the session runs: in
 * the site's embed service worker, or in the frame itself.
 */
import type { Scope } from '../../api/core.ts'
import type { HeldKey } from './keyLease.ts'
import type { SessionReply } from './sessionProtocol.ts'

export interface SessionLink {
  acquire(scopes: readonly Scope[], renew?: boolean): Promise<HeldKey | undefined>
  release(): Promise<void>
  setClockOffset(offsetMs: number): Promise<void>
  keys(): Promise<Array<{ app: string; scopes: string[]; status: string }>>
  /** Lets the runtime forget this frame's session now rather than at its next sweep. */
  close(): void
}

/** The reply's value, or the runtime's own words as an error. */
export function unwrap(reply: SessionReply, what: string): Extract<SessionReply, { ok: true }> {
  if (!reply.ok) throw new Error(`Failed to ${what}: ${reply.message}`)
  return reply
}
